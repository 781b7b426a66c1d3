import FuzzSupport
@testable import SesameKeePass

/// Any bytes as a variant dictionary (KDF parameters, public custom data); what parses writes back to bytes that
/// parse to the same dictionary.
@main
enum FuzzVariantDictionary {
    static func main() {
        LibFuzzer.run { bytes in
            guard let dictionary = try? VariantDictionary(parsing: Array(bytes)) else { return }
            let again = try? VariantDictionary(parsing: dictionary.serialized())
            precondition(again == dictionary, "a variant dictionary does not survive a write and a read")
        }
    }
}
