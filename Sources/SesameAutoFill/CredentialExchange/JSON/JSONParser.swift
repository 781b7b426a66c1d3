/// RFC 8259 JSON read within a budget: nesting, the number of values and member names, and the length of each
/// string or number are checked as the bytes are read, before anything is allocated for them, so a small hostile
/// file cannot make the reader build millions of values or recurse off the stack. Strings must be UTF-8 and
/// escapes well formed (a lone surrogate is refused rather than replaced: the string may be a password).
///
/// Errors name the byte offset and what was wrong there, never the text.
struct JSONParser {
    private let bytes: [UInt8]
    private let limits: CXFLimits
    private var index = 0
    private var values = 0
    /// Skipping (format detection) allocates nothing, so it counts no values; its depth limit only guards the stack.
    private static let skippingDepth = 512

    private init(_ bytes: [UInt8], limits: CXFLimits) {
        self.bytes = bytes
        self.limits = limits
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The one value `bytes` holds, with whitespace (and a UTF-8 byte order mark) around it.
    static func parse(_ bytes: [UInt8], limits: CXFLimits) throws(CXFError) -> JSONValue {
        guard bytes.count <= limits.bytes else {
            throw CXFError("The CXF file is \(CXFText.size(bytes.count)), over Sesame's limit of \(CXFText.size(limits.bytes)).")
        }
        var parser = JSONParser(bytes, limits: limits)
        let value = try parser.value(depth: 0, build: true)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.malformed("text after the JSON value") }
        return value
    }

    /// Which of `names` the top-level object has, its values skipped without being built; nil when the bytes are
    /// not one JSON object. Only the names asked for are kept: detection reads any file `sesame import` is given
    /// (up to 512 MiB), and one with millions of distinct member names must not become a set of them.
    static func topLevelKeys(_ bytes: [UInt8], among names: Set<String>, limits: CXFLimits) -> Set<String>? {
        var parser = JSONParser(bytes, limits: limits)
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: "{") else { return nil }
        parser.index += 1
        var keys = Set<String>()
        do throws(CXFError) {
            parser.skipWhitespace()
            if parser.peek == UInt8(ascii: "}") { return keys }
            while true {
                parser.skipWhitespace()
                guard parser.peek == UInt8(ascii: "\"") else { return nil }
                let key = try parser.string(build: true)
                if names.contains(key) { keys.insert(key) }
                parser.skipWhitespace()
                guard parser.peek == UInt8(ascii: ":") else { return nil }
                parser.index += 1
                _ = try parser.value(depth: 1, build: false)
                parser.skipWhitespace()
                switch parser.peek {
                case UInt8(ascii: ","): parser.index += 1
                case UInt8(ascii: "}"): return keys
                default: return nil
                }
            }
        } catch {
            return nil
        }
    }

    // MARK: - Values

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func count() throws(CXFError) {
        values += 1
        guard values <= limits.values else {
            throw CXFError("The CXF file holds more than \(CXFText.grouped(limits.values)) values, over Sesame's limit.")
        }
    }

    private mutating func value(depth: Int, build: Bool) throws(CXFError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek else { throw malformed("the end of the file where a value belongs") }
        if build { try count() }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1, build: build)
        case UInt8(ascii: "["): return try array(depth: depth + 1, build: build)
        case UInt8(ascii: "\""): return .string(try string(build: build))
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(build: build)
        default: throw malformed("an unexpected character")
        }
    }

    private func checkDepth(_ depth: Int, build: Bool) throws(CXFError) {
        guard depth <= (build ? limits.depth : Self.skippingDepth) else {
            throw CXFError("The CXF file nests deeper than \(limits.depth) levels, over Sesame's limit.")
        }
    }

    private mutating func object(depth: Int, build: Bool) throws(CXFError) -> JSONValue {
        try checkDepth(depth, build: build)
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw malformed("a member without a quoted name") }
            if build { try count() }
            let key = try string(build: build)
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw malformed("a member name without a colon") }
            index += 1
            let member = try value(depth: depth, build: build)
            if build { object.append(key, member) }
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(object)
            default: throw malformed("an object member followed by neither a comma nor a closing brace")
            }
        }
    }

    private mutating func array(depth: Int, build: Bool) throws(CXFError) -> JSONValue {
        try checkDepth(depth, build: build)
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            let element = try value(depth: depth, build: build)
            if build { elements.append(element) }
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw malformed("an array element followed by neither a comma nor a closing bracket")
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws(CXFError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
            throw malformed("an unexpected word")
        }
        index += count
    }

    private mutating func number(build: Bool) throws(CXFError) -> JSONValue {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.index
            while let byte = parser.peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.index += 1 }
            return parser.index - first
        }
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw malformed("a number without digits")
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw malformed("a number without digits after its point") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw malformed("a number without digits in its exponent") }
        }
        guard index - start <= limits.stringBytes else { throw tooLong(at: start) }
        return build ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : .null
    }

    /// Reads a string from its opening quote. Its extent is found first, so an overlong string is refused before
    /// a byte of it is copied.
    private mutating func string(build: Bool) throws(CXFError) -> String {
        let opening = index
        let start = index + 1
        var end = start
        var escaped = false
        while true {
            guard end < bytes.count else { throw malformed("a string that is not closed", at: opening) }
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw malformed("a control character inside a string", at: end) }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                end += 2
            } else {
                end += 1
            }
            if build, end - start > limits.stringBytes { throw tooLong(at: opening) }
        }
        index = end + 1
        guard build else { return "" }
        if !escaped {
            guard let text = Self.utf8String(bytes[start..<end]) else {
                throw malformed("a string that is not UTF-8", at: opening)
            }
            return text
        }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(end - start)
        var position = start
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                unescaped.append(byte)
                position += 1
                continue
            }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escape)
            case UInt8(ascii: "b"): unescaped.append(0x08)
            case UInt8(ascii: "f"): unescaped.append(0x0C)
            case UInt8(ascii: "n"): unescaped.append(0x0A)
            case UInt8(ascii: "r"): unescaped.append(0x0D)
            case UInt8(ascii: "t"): unescaped.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4(at: position, end: end) else { throw malformed("a \\u escape without four hex digits", at: position) }
                position += 4
                var scalar = unit
                if (0xD800...0xDBFF).contains(unit) {
                    guard position + 6 <= end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                          let low = hex4(at: position + 2, end: end), (0xDC00...0xDFFF).contains(low)
                    else { throw malformed("a lone surrogate escape", at: position) }
                    position += 6
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw malformed("a lone surrogate escape", at: position)
                }
                // Any scalar outside the surrogates encodes; the check above leaves no other.
                unescaped.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default: throw malformed("an unknown escape", at: position - 1)
            }
        }
        guard let text = Self.utf8String(unescaped) else {
            throw malformed("a string that is not UTF-8", at: opening)
        }
        return text
    }

    /// `bytes` as text when they are UTF-8. Not `String(validating:as:)`, which is iOS 18 / macOS 15 while the
    /// package promises iOS 17 / macOS 14 and this module is meant for the app too: decoding replaces what is not
    /// UTF-8, so bytes that do not come back unchanged were not UTF-8.
    private static func utf8String(_ bytes: some Collection<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private func hex4(at position: Int, end: Int) -> UInt32? {
        guard position + 4 <= end else { return nil }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: - Errors

    private func malformed(_ what: String, at position: Int? = nil) -> CXFError {
        CXFError("The file is not valid JSON: \(what) at byte \(CXFText.grouped((position ?? index) + 1)).")
    }

    private func tooLong(at position: Int) -> CXFError {
        CXFError("The CXF file has a value longer than \(CXFText.size(limits.stringBytes)) at byte \(CXFText.grouped(position + 1)), over Sesame's limit.")
    }
}
