/// Numbers as the reader's messages show them, without Foundation's formatters: `64 MiB`, `4,000,000`.
enum CXFText {
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(grouped(bytes >> 20)) MiB" }
        if bytes >= 1 << 20 { return "\(grouped(bytes >> 20)).\(((bytes % (1 << 20)) * 10) >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(grouped(bytes >> 10)) KiB" }
        return "\(grouped(bytes)) bytes"
    }
}
