#if canImport(UIKit)
/// Where an export went and what it holds, as `sesame export` says it.
public struct ExportOutcome: Sendable, Equatable {
    public let format: ExportFormat
    /// The file's name in the folder the person picked (a number is added when the name was taken).
    public let fileName: String
    public let logins: Int

    public var sentence: String {
        "Exported \(logins) \(logins == 1 ? "login" : "logins") to \(fileName) (\(format.displayName))."
    }
}
#endif
