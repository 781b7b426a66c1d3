#if canImport(UIKit)
import Foundation

/// One sentence the app shows when a file, a folder or a round refused: never a secret, never a file's contents.
public struct AppFailure: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
#endif
