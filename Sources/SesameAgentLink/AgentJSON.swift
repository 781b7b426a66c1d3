/// A JSON value as the agent's frames carry it, for clients that do without Foundation's coders: reading a reply
/// and writing a request cost no generic instantiation of `Codable` machinery at start.
///
/// Writing follows what the agent's `JSONEncoder` writes (sorted keys, unescaped slashes, control characters
/// escaped), so a request is the same bytes whichever client sends it (`AgentLinkWireTests`). Numbers keep
/// their text.
public indirect enum AgentJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([AgentJSON])
    case object([String: AgentJSON])

    public subscript(key: String) -> AgentJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The member named by a key of a set of names (an enum of a message's fields), nil as for a string key.
    public subscript<Key: RawRepresentable>(key: Key) -> AgentJSON? where Key.RawValue == String {
        self[key.rawValue]
    }

    /// Members named by a set of names, as an object's members.
    public static func members<Name: RawRepresentable & Hashable>(_ named: [Name: AgentJSON]) -> [String: AgentJSON]
    where Name.RawValue == String {
        Dictionary(uniqueKeysWithValues: named.map { ($0.key.rawValue, $0.value) })
    }

    /// An object whose members are named by a set of names.
    public static func object<Name: RawRepresentable & Hashable>(named members: [Name: AgentJSON]) -> AgentJSON
    where Name.RawValue == String {
        .object(Self.members(members))
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    // MARK: - Writing

    /// The compact form, keys sorted.
    public var bytes: [UInt8] {
        var output: [UInt8] = []
        write(into: &output, indent: nil)
        return output
    }

    /// The form `JSONEncoder` writes with `.prettyPrinted` and `.sortedKeys`: two spaces, " : " between a key and
    /// its value, an empty line inside an empty container.
    public var prettyBytes: [UInt8] {
        var output: [UInt8] = []
        write(into: &output, indent: 0)
        return output
    }

    private func write(into output: inout [UInt8], indent: Int?) {
        switch self {
        case .null: output += Array("null".utf8)
        case .bool(let value): output += Array((value ? "true" : "false").utf8)
        case .number(let text): output += Array(text.utf8)
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            writeContainer(elements.map { (nil, $0) }, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &output, indent: indent)
        case .object(let members):
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            writeContainer(sorted.map { ($0.key, $0.value) }, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), into: &output, indent: indent)
        }
    }

    private func writeContainer(
        _ entries: [(key: String?, value: AgentJSON)], open: UInt8, close: UInt8, into output: inout [UInt8],
        indent: Int?
    ) {
        output.append(open)
        guard !entries.isEmpty else {
            // As `JSONEncoder` writes an empty container when pretty-printing: an empty line inside.
            if let indent { output += [UInt8(ascii: "\n"), UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: indent) }
            output.append(close)
            return
        }
        let inner = indent.map { $0 + 2 }
        for (position, entry) in entries.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            if let inner { output += [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: inner) }
            if let key = entry.key {
                Self.writeString(key, into: &output)
                output += inner == nil ? [UInt8(ascii: ":")] : Array(" : ".utf8)
            }
            entry.value.write(into: &output, indent: inner)
        }
        if let indent { output += [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: indent) }
        output.append(close)
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
            case 0x08: output += Array("\\b".utf8)
            case 0x0C: output += Array("\\f".utf8)
            case 0x0A: output += Array("\\n".utf8)
            case 0x0D: output += Array("\\r".utf8)
            case 0x09: output += Array("\\t".utf8)
            case 0x00..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                output += Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    // MARK: - Reading

    /// Parses one JSON value filling all of `bytes` (whitespace around it allowed); nil when it is not JSON.
    public init?(parsing bytes: [UInt8]) {
        var parser = AgentJSONParser(bytes)
        guard let value = parser.value(depth: 0), parser.atEnd else { return nil }
        self = value
    }
}

/// A recursive-descent reader of RFC 8259 JSON, nesting limited so hostile input cannot exhaust the stack.
struct AgentJSONParser {
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool {
        mutating get {
            skipWhitespace()
            return position == bytes.count
        }
    }

    mutating func value(depth: Int) -> AgentJSON? {
        guard depth < Self.maximumDepth else { return nil }
        skipWhitespace()
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(AgentJSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> AgentJSON? {
        position += 1
        var members: [String: AgentJSON] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            // A key given twice is refused: readers that keep the first and readers that keep the last must
            // never see two different messages in one frame.
            guard consume(UInt8(ascii: ":")), let element = value(depth: depth + 1), members[key] == nil else { return nil }
            members[key] = element
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}")) ? .object(members) : nil
        }
    }

    private mutating func array(depth: Int) -> AgentJSON? {
        position += 1
        var elements: [AgentJSON] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "]")) ? .array(elements) : nil
        }
    }

    /// A string starting at the opening quote; unpaired surrogates and raw control characters are refused.
    private mutating func string() -> String? {
        position += 1
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    output += Array(String(Character(scalar)).utf8)
                default: return nil
                }
            case 0x00..<0x20:
                return nil
            default:
                output.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape (the `\u` already read), joining a surrogate pair.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hexQuad() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = hexQuad(),
                (0xDC00..<0xE000).contains(low)
            else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hexQuad() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number in JSON's grammar, kept as its text.
    private mutating func number() -> AgentJSON? {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        let integerStart = position
        guard digits() > 0 else { return nil }
        if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 { return nil }  // a leading zero
        if consume(UInt8(ascii: ".")) { guard digits() > 0 else { return nil } }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { return nil }
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - start
    }

    private mutating func literal(_ word: String, _ value: AgentJSON) -> AgentJSON? {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected
        else { return nil }
        position += expected.count
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }
}
