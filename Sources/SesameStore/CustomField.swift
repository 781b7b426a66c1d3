/// A named extra value, as KeePass keeps them. Protected fields are treated like passwords in output.
public struct CustomField: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var value: String
    public var isProtected: Bool

    public init(name: String, value: String, isProtected: Bool = false) {
        self.name = name
        self.value = value
        self.isProtected = isProtected
    }

    enum CodingKeys: String, CodingKey {
        case name, value
        case isProtected = "protected"
    }
}
