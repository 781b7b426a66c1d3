/// An XML element as KeePass uses XML: element-only content or text, never mixed; attributes kept in order.
/// A generic tree is what lets unknown elements survive a round trip untouched.
struct XMLNode: Equatable, Sendable {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var children: [XMLNode] = []
    var text: String = ""

    init(_ name: String, text: String = "", attributes: [(name: String, value: String)] = [], children: [XMLNode] = []) {
        self.name = name
        self.text = text
        self.attributes = attributes
        self.children = children
    }

    static func == (lhs: XMLNode, rhs: XMLNode) -> Bool {
        lhs.name == rhs.name && lhs.text == rhs.text && lhs.children == rhs.children
            && lhs.attributes.elementsEqual(rhs.attributes) { $0.name == $1.name && $0.value == $1.value }
    }

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }

    func children(named name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// The text of a direct child, or nil when there is no such child.
    subscript(text name: String) -> String? { child(name)?.text }
}
