import Foundation
import SesameCrypto
import SesameStore
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses XML into `XMLNode`s with Foundation's SAX parser, handing each element carrying `Protected="True"` to a
/// callback as it closes, so protected values are decrypted strictly in document order (one keystream for the file).
final class XMLTreeReader: NSObject, XMLParserDelegate {
    /// Called with each protected element's node (its text still base64); returns the node to keep.
    typealias ProtectedHandler = (inout XMLNode, _ parentName: String) throws -> Void

    private var stack: [XMLNode] = []
    private var root: XMLNode?
    private var pendingText = ""
    private let onProtected: ProtectedHandler?
    private var failure: Error?
    private let limits: KeePassLimits
    private var nodes = 0

    private init(onProtected: ProtectedHandler?, limits: KeePassLimits) {
        self.onProtected = onProtected
        self.limits = limits
    }

    static func parse(_ bytes: [UInt8], limits: KeePassLimits = .standard, onProtected: ProtectedHandler? = nil) throws
        -> XMLNode
    {
        try parse(bytes[...], limits: limits, onProtected: onProtected)
    }

    /// The document element. Streams the bytes in: `XMLParser(data:)` stops near 10 MB (libxml2's lookup limit),
    /// while a stream parses large attachments inline. Depth and node count are checked as each element opens, so
    /// the tree (and every recursion over it later) stays within `limits`.
    static func parse(_ bytes: ArraySlice<UInt8>, limits: KeePassLimits = .standard, onProtected: ProtectedHandler? = nil)
        throws -> XMLNode
    {
        // FoundationXML traps on an element name that is not UTF-8 (found by Fuzz/KDBXXML); KeePass XML is UTF-8.
        guard String(strictUTF8: bytes) != nil else {
            throw KeePassError.damaged("its XML is not valid UTF-8")
        }
        try refuseMarkupKeePassNeverWrites(bytes)
        let delegate = XMLTreeReader(onProtected: onProtected, limits: limits)
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let ok = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard ok, let root = delegate.root, delegate.stack.isEmpty else {
            let line = parser.lineNumber
            throw KeePassError.damaged("its XML is malformed near line \(line)")
        }
        return root
    }

    /// FoundationXML calls strlen on the NULL data of a processing instruction such as `<?x?>` (found by
    /// Fuzz/KDBXXML). KeePass XML has none besides the declaration, so any other `<?` is refused up front; and no
    /// document type declaration either, whose entities could expand a small file into gigabytes.
    private static func refuseMarkupKeePassNeverWrites(_ bytes: ArraySlice<UInt8>) throws {
        var index = bytes.startIndex
        var seenFirst = false
        while index + 1 < bytes.endIndex {
            if bytes[index] == 0x3C && bytes[index + 1] == 0x3F {
                let isDeclaration = !seenFirst && bytes[..<index].allSatisfy { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
                    && bytes[index...].starts(with: Array("<?xml ".utf8))
                guard isDeclaration else { throw KeePassError.damaged("its XML has a processing instruction") }
            }
            if bytes[index] == 0x3C && bytes[index + 1] == 0x21 && bytes[(index + 2)...].starts(with: Array("DOCTYPE".utf8)) {
                throw KeePassError.damaged("its XML has a document type declaration")
            }
            if bytes[index] == 0x3C { seenFirst = true }
            index += 1
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        nodes += 1 + attributes.count
        let failed: KeePassError? =
            if stack.count >= limits.xmlDepth {
                .exceedsLimits("its XML nests deeper than \(limits.xmlDepth) elements (groups within groups)")
            } else if attributes.count > limits.attributesPerElement {
                .exceedsLimits("an XML element has more than \(limits.attributesPerElement) attributes")
            } else if nodes > limits.xmlNodes {
                .exceedsLimits("its XML has more than \(BudgetText.grouped(limits.xmlNodes)) elements and attributes")
            } else {
                nil
            }
        if let failed {
            failure = failure ?? failed
            parser.abortParsing()
            return
        }
        pendingText = ""
        // Attribute order is not reported by the parser; sort for a stable result.
        let ordered = attributes.count < 2 ? attributes.map { ($0.key, $0.value) }
            : attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        stack.append(XMLNode(elementName, attributes: ordered))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        pendingText += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        pendingText += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil, var node = stack.popLast() else { return }
        if node.children.isEmpty { node.text = pendingText }
        pendingText = ""
        if let onProtected, !node.attributes.isEmpty, node.attribute("Protected")?.lowercased() == "true" {
            do {
                try onProtected(&node, stack.last?.name ?? "")
            } catch {
                failure = error
                parser.abortParsing()
                return
            }
        }
        if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {}
}
