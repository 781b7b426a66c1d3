/// A JSON value as the CXF reader and writer see it. Numbers keep their text, so an integer of any size is read
/// exactly or refused, never rounded through a Double; objects keep their members in file order, so a written
/// document has the order of the format's description.
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// What kind of value it is, for messages ("a string where a number belongs").
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object's members in file order. Lookups are linear: CXF objects have a dozen members, and the reader's
/// budget bounds how many any object can have. Of two members with the same name, the first counts.
struct JSONObject: Sendable, Equatable {
    private(set) var keys: [String] = []
    private(set) var values: [JSONValue] = []

    init() {}

    init(_ members: [(String, JSONValue)]) {
        for (key, value) in members { append(key, value) }
    }

    mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }

    /// Adds the member only when there is something to say: optional CXF members are left out, not written null.
    mutating func append(_ key: String, _ value: JSONValue?) {
        if let value { append(key, value) }
    }

    subscript(key: String) -> JSONValue? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return values[index]
    }

    var count: Int { keys.count }
}
