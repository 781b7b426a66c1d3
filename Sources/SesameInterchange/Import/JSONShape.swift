import SesameKeePass

/// One pass over JSON bytes before a parser sees them: how deep it nests and how many keys and values it holds.
/// Foundation's parsers build every value of a document before anything can look at it (and refuse nesting only
/// past 512 levels), so a small file of `[0,0,0,…]` would become tens of millions of objects; this pass costs no
/// allocation and refuses such a file with the limit it passes.
struct JSONShape {
    var maximumDepth: Int
    var maximumNodes: Int

    /// Throws when `bytes` nests deeper than ``maximumDepth`` or holds more than ``maximumNodes`` keys and values;
    /// `what` names the file in the message ("The Bitwarden JSON file"). Malformed JSON is left to the parser.
    func check(_ bytes: some Collection<UInt8>, what: String) throws(ImportError) {
        var inString = false, escaped = false, expectingValue = true
        var depth = 0, nodes = 0
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if expectingValue { nodes += 1 }
                depth += 1
                guard depth <= maximumDepth else {
                    throw ImportError("\(what) nests deeper than \(maximumDepth) levels, over Sesame's limit.")
                }
                expectingValue = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                expectingValue = false
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                expectingValue = true
            case UInt8(ascii: "\""):
                if expectingValue { nodes += 1 }
                expectingValue = false
                inString = true
            default:
                if expectingValue { nodes += 1 }
                expectingValue = false
            }
            guard nodes <= maximumNodes else {
                throw ImportError(
                    "\(what) holds more than \(BudgetText.grouped(maximumNodes)) keys and values, over Sesame's limit.")
            }
        }
    }
}
