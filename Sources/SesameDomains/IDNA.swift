/// Internationalized domain names: from what a person types or a page names to the one ASCII
/// form that Sesame compares, and back to a form for display.
///
/// This is the part of UTS #46 (nontransitional, as browsers use it) that matters for matching:
/// case mapping, NFC, fullwidth ASCII and ideographic full stops, and Punycode for every label that
/// is not ASCII. Its full mapping table (NFKC compatibility forms, ignored characters) and the
/// Bidi and CONTEXTJ checks are not implemented: what browsers hand us is already in ASCII form,
/// and what people type rarely needs more.
enum IDNA {
    static let acePrefix = "xn--"
    static let maxLabelLength = 63
    static let maxNameLength = 253

    /// The canonical ASCII form of a domain name without its trailing dot, or nil if it is not a
    /// valid name. Labels may hold letters, digits, "-" and "_" (WHATWG allows more, but nothing
    /// else occurs in real host names and every other ASCII character is a URL delimiter or noise).
    static func toASCII(_ text: Substring) -> String? {
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        if isASCII {
            return asciiName(text.utf8)
        }
        return unicodeToASCII(text)
    }

    /// ``toASCII(_:)`` for UTF-8 bytes, without an intermediate String when they are ASCII.
    static func toASCII<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return asciiName(bytes)
        }
        return unicodeToASCII(String(decoding: bytes, as: UTF8.self)[...])
    }

    private static func unicodeToASCII(_ text: Substring) -> String? {
        let mapped = map(text)
        var labels: [String] = []
        var encodedHere: [Bool] = []
        for label in mapped.split(separator: ".", omittingEmptySubsequences: false) {
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                labels.append(String(label))
                encodedHere.append(false)
                continue
            }
            // An "xn--" label is already encoded; one with Unicode in it is malformed.
            guard !label.hasPrefix(acePrefix), let encoded = encodeLabel(label) else { return nil }
            labels.append(encoded)
            encodedHere.append(true)
        }
        // Validate the joined result through the same path as ASCII input; labels encoded just
        // now are canonical by construction and need no decoding to prove it.
        return asciiName(labels.joined(separator: ".").utf8, canonicalACELabels: encodedHere)
    }

    /// The display form: each "xn--" label decoded. Labels that do not decode stay as they are.
    static func toUnicode(_ ascii: String) -> String {
        guard ascii.utf8.count >= 4, ascii.contains(acePrefix) else { return ascii }
        return ascii.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
            guard label.hasPrefix(acePrefix), let scalars = Punycode.decode(label.utf8.dropFirst(4)) else {
                return String(label)
            }
            var unicode = String.UnicodeScalarView()
            unicode.append(contentsOf: scalars)
            return String(unicode)
        }.joined(separator: ".")
    }

    // MARK: - ASCII names

    /// Lowercases, drops one trailing dot, and checks labels and lengths; "xn--" labels must be
    /// the canonical encoding of a valid Unicode label unless `canonicalACELabels` vouches for them.
    private static func asciiName<Bytes: Collection<UInt8>>(_ input: Bytes, canonicalACELabels: [Bool] = []) -> String? {
        var bytes = Array(input)
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        guard !bytes.isEmpty, bytes.count <= maxNameLength else { return nil }
        var labelStart = 0
        var labelIndex = 0
        for index in 0...bytes.count {
            if index == bytes.count || bytes[index] == UInt8(ascii: ".") {
                let length = index - labelStart
                guard length > 0, length <= maxLabelLength else { return nil }
                let vouched = labelIndex < canonicalACELabels.count && canonicalACELabels[labelIndex]
                if !vouched, length >= 4, bytes[labelStart..<labelStart + 4].elementsEqual(acePrefix.utf8) {
                    guard isCanonicalACELabel(bytes[labelStart + 4..<index]) else { return nil }
                }
                labelStart = index + 1
                labelIndex += 1
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
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An "xn--" label is accepted only if it is exactly what this module would produce for the
    /// Unicode label it decodes to, so one name never has two ASCII forms.
    private static func isCanonicalACELabel(_ encoded: ArraySlice<UInt8>) -> Bool {
        guard let scalars = Punycode.decode(encoded), scalars.contains(where: { !$0.isASCII }) else {
            return false
        }
        var unicode = String.UnicodeScalarView()
        unicode.append(contentsOf: scalars)
        let label = Substring(String(unicode))
        // Already mapped (lowercase, NFC): compared scalar by scalar, since String's == would
        // treat canonically equivalent spellings as equal.
        guard label.unicodeScalars.elementsEqual(map(label).unicodeScalars),
              let reencoded = encodeLabel(label)
        else { return false }
        return reencoded.utf8.elementsEqual(acePrefix.utf8 + encoded)
    }

    // MARK: - Unicode labels

    /// Case mapping and NFC, plus the UTS #46 mappings of fullwidth ASCII and of the ideographic
    /// and fullwidth full stops, which separate labels just like ".".
    private static func map(_ text: Substring) -> String {
        var widthMapped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3002, 0xFF0E, 0xFF61: widthMapped.append(".")
            case 0xFF01...0xFF5E: widthMapped.append(Unicode.Scalar(scalar.value - 0xFF01 + 0x21) ?? scalar)
            default: widthMapped.append(scalar)
            }
        }
        return nfc(String(widthMapped).lowercased())
    }

    /// NFC through the standard library's own normalizer (public though underscored, available
    /// since Swift 5.7 / macOS 13), which String already uses for comparison. It spares this module
    /// Foundation's `precomposedStringWithCanonicalMapping` and the ICU data that comes with it.
    private static func nfc(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// "xn--" plus the Punycode of an already mapped label, or nil if the label holds a code point
    /// no host name may contain.
    private static func encodeLabel(_ label: Substring) -> String? {
        let scalars = Array(label.unicodeScalars)
        guard let first = scalars.first, !isCombiningMark(first) else { return nil }
        guard scalars.allSatisfy(isAllowed) else { return nil }
        guard let encoded = Punycode.encode(scalars) else { return nil }
        return acePrefix + encoded
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch scalar {
            case "a"..."z", "0"..."9", "-", "_": return true
            default: return false
            }
        }
        // Joiners are needed by some scripts (CONTEXTJ is not checked); other format characters
        // are invisible and only serve to spoof.
        if scalar == "\u{200C}" || scalar == "\u{200D}" { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned,
             .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return scalar != "\u{FFFD}"
        }
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
