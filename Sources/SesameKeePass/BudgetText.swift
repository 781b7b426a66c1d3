/// Numbers in the messages of the file readers' limits (KeePass here, the other formats in SesameInterchange):
/// one way to write sizes and counts, so the same limit always reads the same.
public enum BudgetText {
    /// `bytes` in bytes, KiB or MiB, rounded up, so a size just over a limit never reads as equal to it.
    public static func size<T: BinaryInteger>(_ bytes: T) -> String {
        let value = UInt64(bytes)
        if value < 1 << 10 { return "\(grouped(value)) bytes" }
        if value < 1 << 20 { return "\(grouped((value + (1 << 10) - 1) >> 10)) KiB" }
        return "\(grouped((value + (1 << 20) - 1) >> 20)) MiB"
    }

    /// Thousands separated by commas (no locale: messages read the same everywhere).
    public static func grouped<T: BinaryInteger>(_ value: T) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
