/// Writes `XMLNode`s as UTF-8 XML. Text is escaped, and characters XML 1.0 forbids (most C0 controls, lone
/// surrogates, U+FFFE/U+FFFF) are dropped, as KeePassXC does: KeePass and KeeWeb reject files that contain them.
enum XMLTreeWriter {
    static func document(_ root: XMLNode) -> [UInt8] {
        var out: [UInt8] = Array(#"<?xml version="1.0" encoding="utf-8" standalone="yes"?>"#.utf8)
        out.append(0x0A)
        out.reserveCapacity(1 << 20)
        write(root, depth: 0, into: &out)
        return out
    }

    static func write(_ node: XMLNode, depth: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(0x09, count: depth))
        out.append(0x3C)
        out.append(contentsOf: node.name.utf8)
        for (name, value) in node.attributes {
            out.append(0x20)
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: #"=""#.utf8)
            escape(value, into: &out)
            out.append(0x22)
        }
        if node.children.isEmpty {
            if node.text.isEmpty {
                out.append(contentsOf: "/>\n".utf8)
                return
            }
            out.append(0x3E)
            escape(node.text, into: &out)
        } else {
            out.append(contentsOf: ">\n".utf8)
            for child in node.children { write(child, depth: depth + 1, into: &out) }
            out.append(contentsOf: repeatElement(0x09, count: depth))
        }
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: node.name.utf8)
        out.append(contentsOf: ">\n".utf8)
    }

    static func escape(_ text: String, into out: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".utf8)
            case "<": out.append(contentsOf: "&lt;".utf8)
            case ">": out.append(contentsOf: "&gt;".utf8)
            case "\"": out.append(contentsOf: "&quot;".utf8)
            // A literal CR would become LF when read back; the reference keeps it.
            case "\r": out.append(contentsOf: "&#13;".utf8)
            default:
                guard isAllowed(scalar) else { continue }
                Unicode.UTF8.encode(scalar) { out.append($0) }
            }
        }
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
