/// Writes `XMLNode`s as UTF-8 XML. Text is escaped, and characters XML 1.0 forbids (most C0 controls, lone
/// surrogates, U+FFFE/U+FFFF) are dropped, as KeePassXC does: KeePass and KeeWeb reject files that contain them.
/// No indentation: every whitespace run between elements costs the reader a callback and a string.
enum XMLTreeWriter {
    static func document(_ root: XMLNode) -> [UInt8] {
        var out: [UInt8] = Array(#"<?xml version="1.0" encoding="utf-8" standalone="yes"?>"#.utf8)
        out.append(0x0A)
        out.reserveCapacity(1 << 20)
        write(root, into: &out)
        return out
    }

    static func write(_ node: XMLNode, into out: inout [UInt8]) {
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
                out.append(contentsOf: "/>".utf8)
                return
            }
            out.append(0x3E)
            escape(node.text, into: &out)
        } else {
            out.append(0x3E)
            for child in node.children { write(child, into: &out) }
        }
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: node.name.utf8)
        out.append(0x3E)
    }

    static func escape(_ text: String, into out: inout [UInt8]) {
        // Most values need nothing: copy their bytes at once. 0xEF may start U+FFFE or U+FFFF.
        let needsWork = text.utf8.contains { byte in
            byte < 0x20 ? byte != 0x09 && byte != 0x0A : byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0xEF
        }
        guard needsWork else {
            out.append(contentsOf: text.utf8)
            return
        }
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
