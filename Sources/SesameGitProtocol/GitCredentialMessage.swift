/// The attribute list git and its credential helpers exchange: `key=value` lines ending at a blank line or EOF.
///
/// A key is any bytes but `=`, newline and NUL; a value any bytes but newline and NUL; there is no quoting. Lines are
/// split at the first `=` only, so a value such as a `wwwauth[]` header containing `host=…` stays one value. Keys
/// ending in `[]` are ordered lists, and an empty `key[]=` clears the list received so far. Lines of any length are
/// read; unknown keys are kept (and ignored by the helper).
public struct GitCredentialMessage: Equatable, Sendable {
    /// Single-valued attributes; a repeated key keeps its last value, as git does.
    public private(set) var values: [String: String] = [:]
    /// Multi-valued attributes (`capability[]`, `wwwauth[]`, `state[]`), by key without the brackets.
    public private(set) var lists: [String: [String]] = [:]

    /// The most a helper reads from git: git's own requests are a few hundred bytes (a `wwwauth[]` header a few
    /// KiB), and git refuses values holding newlines, so a larger request is not git's.
    public static let maximumBytes = 1 << 20
    public static let tooLargeMessage = "the request from git is larger than 1 MiB; nothing was done"

    public init() {}

    public init(parsing bytes: [UInt8]) {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            if line.isEmpty { break }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: line[line.startIndex..<equals], as: UTF8.self)
            let value = String(decoding: line[(equals + 1)...], as: UTF8.self)
            set(key, value)
        }
    }

    public subscript(key: String) -> String? { values[key] }

    public func list(_ key: String) -> [String] { lists[key] ?? [] }

    public mutating func set(_ key: String, _ value: String) {
        if key.hasSuffix("[]") {
            let name = String(key.dropLast(2))
            if value.isEmpty { lists[name] = [] } else { lists[name, default: []].append(value) }
        } else {
            values[key] = value
        }
    }

    /// Whether a value can be written without changing the message's meaning: a newline would start a new
    /// attribute (an injection), and NUL is not allowed at all.
    public static func isWritable(_ value: String) -> Bool {
        !value.utf8.contains(UInt8(ascii: "\n")) && !value.utf8.contains(0)
    }
}

/// Builds a helper's answer, in the order the lines are added.
public struct GitCredentialReply: Equatable, Sendable {
    public private(set) var lines: [(String, String)] = []

    public init() {}

    /// Adds a line; refuses (returns false) values that cannot be written safely.
    @discardableResult
    public mutating func add(_ key: String, _ value: String) -> Bool {
        guard GitCredentialMessage.isWritable(value), GitCredentialMessage.isWritable(key), !key.contains("=") else {
            return false
        }
        lines.append((key, value))
        return true
    }

    public var bytes: [UInt8] {
        Array(lines.map { "\($0.0)=\($0.1)\n" }.joined().utf8)
    }

    public static func == (lhs: GitCredentialReply, rhs: GitCredentialReply) -> Bool {
        lhs.lines.elementsEqual(rhs.lines) { $0 == $1 }
    }
}
