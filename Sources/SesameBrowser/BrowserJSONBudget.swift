/// Limits of one JSON message from the extension (the envelope, and the request inside it), checked over its bytes
/// before a JSON parser allocates anything for it: the frame is at most 1 MiB (``NativeMessageReader``), and
/// within it at most ``maximumDepth`` levels of nesting and ``maximumValues`` values. The extension's deepest
/// message (`get-logins` with its `keys`) nests three levels and holds a few dozen values.
enum BrowserJSONBudget {
    static let maximumDepth = 16
    static let maximumValues = 4096

    enum Violation: Error, Equatable {
        case tooDeep
        case tooManyValues

        /// One sentence naming the limit, sent back as the error's text.
        var message: String {
            switch self {
            case .tooDeep: "The message nests deeper than the \(BrowserJSONBudget.maximumDepth) levels Sesame reads."
            case .tooManyValues: "The message holds more than the \(BrowserJSONBudget.maximumValues) values Sesame reads."
            }
        }
    }

    /// Scans `bytes` as JSON text for nesting and size, without parsing it: strings are skipped (escapes
    /// included), each array or object and each comma counts as a value. Malformed JSON passes here and fails in
    /// the parser.
    static func check(_ bytes: [UInt8]) throws(Violation) {
        var depth = 0
        var values = 1
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                values += 1
                guard depth <= maximumDepth else { throw .tooDeep }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                values += 1
            default:
                continue
            }
            guard values <= maximumValues else { throw .tooManyValues }
        }
    }
}
