import FuzzSupport
@testable import SesameKeePass

/// Any bytes as the start of a KeePass file: the outer header (3.1 or 4.x TLVs, cipher, KDF parameters) must parse
/// or be refused, never crash; a KDBX 4 header's KDF parameters must survive a write and a read.
@main
enum FuzzKDBXHeader {
    static func main() {
        LibFuzzer.run { bytes in
            guard let header = try? OuterHeader(parsing: Array(bytes)), header.major == 4 else { return }
            let written = header.keyDerivation.parameters
            let reread = try? KeyDerivation(parameters: VariantDictionary(parsing: written.serialized()))
            precondition(reread == header.keyDerivation, "KDF parameters do not survive a write and a read")
        }
    }
}
