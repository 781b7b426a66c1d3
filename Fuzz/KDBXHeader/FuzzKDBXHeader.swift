import FuzzSupport
@testable import SesameKeePass

/// Any bytes as the start of a KeePass file: the outer header (3.1 or 4.x TLVs, cipher, KDF parameters) must parse
/// or be refused, never crash, and its key-derivation costs are checked without trapping (seeds: 2³²−1 Argon2
/// iterations, 2⁶⁴−1 AES-KDF rounds, 4 GiB, 1,000 lanes); a KDBX 4 header's KDF parameters must survive a write
/// and a read.
@main
enum FuzzKDBXHeader {
    static func main() {
        LibFuzzer.run { bytes in
            // What passes the checks made before a password is asked for is within the key-derivation limits.
            if let checked = try? KDBXReader.check(Array(bytes)) {
                precondition((try? checked.keyDerivation.checkCost()) != nil, "a header over the KDF limits passed the check")
            }
            guard let header = try? OuterHeader(parsing: Array(bytes)), header.major == 4 else { return }
            let written = header.keyDerivation.parameters
            let reread = try? KeyDerivation(parameters: VariantDictionary(parsing: written.serialized()))
            precondition(reread == header.keyDerivation, "KDF parameters do not survive a write and a read")
        }
    }
}
