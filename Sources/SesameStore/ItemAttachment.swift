import Foundation

/// A file kept with an item (KeePass attachments), carried through unchanged: Sesame stores and returns the bytes
/// but never interprets them.
public struct ItemAttachment: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var data: Data

    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}
