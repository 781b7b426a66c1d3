/// A group of extra fields under an optional label (CXF 1.0 `custom-fields`).
public struct CXFCustomFields: Sendable, Equatable {
    public var id: [UInt8]?
    public var label: String?
    public var fields: [CXFEditableField]

    public init(id: [UInt8]? = nil, label: String? = nil, fields: [CXFEditableField]) {
        self.id = id
        self.label = label
        self.fields = fields
    }
}
