import Foundation

/// Internationalized domain names: from what a person types or a page names to the one ASCII form that Sesame
/// compares, and back to a form for display.
///
/// The Unicode work is Foundation's: its URL parser maps hosts with ICU's UTS #46 (nontransitional, as browsers
/// use it: case folding, NFC, compatibility forms, ignored characters, Bidi and CONTEXTJ rules, Punycode). A
/// partial mapping of our own would let two spellings of one host differ, or two hosts look alike, in a password
/// matcher. What stays here is Sesame's policy on the ASCII result: letters, digits, "-" and "_" only, label and
/// name lengths, lowercase, and "xn--" labels only in their one canonical spelling.
enum IDNA {
    static let acePrefix = "xn--"
    static let maxLabelLength = 63
    static let maxNameLength = 253

    /// The canonical ASCII form of a domain name without its trailing dot, or nil if it is not a valid name.
    static func toASCII(_ text: Substring) -> String? {
        toASCII(utf8: text.utf8)
    }

    /// ``toASCII(_:)`` for UTF-8 bytes, without an intermediate String when they are ASCII.
    static func toASCII<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return asciiName(bytes)
        }
        // Only the host reaches Foundation's URL parser: an ASCII delimiter ("@", "/", "#", "%", …) in the text
        // would make it read something else as the host.
        guard bytes.allSatisfy({ $0 >= 0x80 || isNameByte($0) }) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // Foundation maps a fullwidth percent sign to "%" and then percent-decodes ("％41" becomes "A"); WHATWG
        // refuses such a host, and so does Sesame.
        guard !text.unicodeScalars.contains(where: { $0 == "\u{FF05}" || $0 == "\u{FE6A}" }),
            let mapped = URL(string: "https://\(text)/")?.host(percentEncoded: false)
        else { return nil }
        return asciiName(mapped.utf8)
    }

    /// The display form: "xn--" labels decoded by Foundation. A name that does not decode stays as it is.
    static func toUnicode(_ ascii: String) -> String {
        guard ascii.contains(acePrefix) else { return ascii }
        return URLComponents(string: "https://\(ascii)/")?.host ?? ascii
    }

    // MARK: - ASCII names

    /// Lowercases, drops one trailing dot, and checks labels and lengths; a name with "xn--" labels must be the
    /// canonical encoding of a valid Unicode name, so one name never has two ASCII forms.
    private static func asciiName<Bytes: Collection<UInt8>>(_ input: Bytes) -> String? {
        // Most names are already canonical (lowercase, valid labels, no "xn--", no trailing dot): one pass to check,
        // and the String made from the bytes where they are.
        if isCanonicalPlainName(input) { return String(decoding: input, as: UTF8.self) }
        var bytes = Array(input)
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        guard !bytes.isEmpty, bytes.count <= maxNameLength else { return nil }
        var labelStart = 0
        var hasACELabel = false
        for index in 0...bytes.count {
            if index == bytes.count || bytes[index] == UInt8(ascii: ".") {
                let length = index - labelStart
                guard length > 0, length <= maxLabelLength else { return nil }
                if length >= 4, bytes[labelStart..<labelStart + 4].elementsEqual(acePrefix.utf8) { hasACELabel = true }
                labelStart = index + 1
                continue
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes[index] = byte + 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                break
            default: return nil
            }
        }
        let name = String(decoding: bytes, as: UTF8.self)
        return !hasACELabel || isCanonical(aceName: name) ? name : nil
    }

    /// Lowercase letters, digits, "-" and "_" in labels of 1 to 63 bytes, at most 253 bytes, no "xn--" label and no
    /// trailing dot: what ``asciiName(_:)`` returns unchanged without further checks.
    private static func isCanonicalPlainName<Bytes: Collection<UInt8>>(_ input: Bytes) -> Bool {
        guard !input.isEmpty, input.count <= maxNameLength else { return false }
        var labelLength = 0
        var label: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        for byte in input {
            switch byte {
            case UInt8(ascii: "."):
                guard labelLength > 0 else { return false }
                labelLength = 0
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                break
            default:
                return false
            }
            switch labelLength {
            case 0: label.0 = byte
            case 1: label.1 = byte
            case 2: label.2 = byte
            case 3:
                label.3 = byte
                if label == (UInt8(ascii: "x"), UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "-")) { return false }
            default: break
            }
            labelLength += 1
            guard labelLength <= maxLabelLength else { return false }
        }
        return labelLength > 0
    }

    /// Whether a lowercase name with "xn--" labels decodes (Foundation refuses invalid Punycode, labels that are
    /// not NFC or break the Bidi and joiner rules) and encodes back to exactly itself.
    private static func isCanonical(aceName name: String) -> Bool {
        guard let unicode = URLComponents(string: "https://\(name)/")?.host,
            let again = URL(string: "https://\(unicode)/")?.host(percentEncoded: false)
        else { return false }
        return again.lowercased() == name
    }

    /// The ASCII bytes a host name may hold, and "." between labels.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}
