/// A CXF document as a file holds it (CXF 1.0 §3.1, the Header): the exporting app and its accounts. Apple,
/// 1Password and Dashlane hand over a single Account without a Header; the reader wraps one in a Header with
/// ``exporterRpId`` empty, so the rest of Sesame sees one shape.
public struct CXFHeader: Sendable, Equatable {
    public var version: CXFVersion
    /// The exporting app as a relying party identifier (a domain).
    public var exporterRpId: String
    public var exporterDisplayName: String
    /// When the export was made, in seconds since 1970.
    public var timestamp: Int64
    public var accounts: [CXFAccount]

    public init(version: CXFVersion = .current, exporterRpId: String, exporterDisplayName: String, timestamp: Int64,
                accounts: [CXFAccount]) {
        self.version = version
        self.exporterRpId = exporterRpId
        self.exporterDisplayName = exporterDisplayName
        self.timestamp = timestamp
        self.accounts = accounts
    }
}
