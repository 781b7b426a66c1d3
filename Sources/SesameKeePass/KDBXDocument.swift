/// A decrypted KeePass file: its XML tree (protected values already in plaintext, still marked `Protected="True"`)
/// and its attachment pool in reference order.
struct KDBXDocument: Sendable, Equatable {
    var root: XMLNode
    var binaries: [[UInt8]]
    /// The file's major format version (3 or 4), for the date and attachment encodings that differ.
    var majorVersion: UInt16 = 4
    /// The outer header's public custom data (KDBX 4), which plugins read without the key.
    var publicCustomData: VariantDictionary?
}
