/// What the reader left out of a file it could read: members it does not know or use, and members whose value
/// had the wrong form, by place and name, with how often. Nothing here quotes a value.
public struct CXFReadReport: Sendable, Equatable {
    /// `"item.extensions": 12`, `"passkey.fido2Extensions": 1`, `"item.creationAt": 3` (a negative time), …
    public var skippedFields: [String: Int] = [:]

    public init(skippedFields: [String: Int] = [:]) {
        self.skippedFields = skippedFields
    }

    mutating func skip(_ place: String, _ name: String) {
        skippedFields[place + "." + name, default: 0] += 1
    }
}
