/// Reads a CXF 1.0 file (a Header, or one Account alone as Apple, 1Password and Dashlane write it) within
/// ``CXFLimits``, and tells a CXF file from other JSON.
public enum CXFReader {
    /// The document and what was skipped reading it. Throws for a file that cannot be read at all (not JSON, over
    /// a budget, another major version), with one sentence that names the place or the limit.
    public static func read(_ bytes: [UInt8], limits: CXFLimits = CXFLimits()) throws(CXFError)
        -> (header: CXFHeader, report: CXFReadReport)
    {
        let json = try JSONParser.parse(bytes, limits: limits)
        var decoder = CXFDecoder(limits: limits)
        let header = try decoder.document(json)
        return (header, decoder.report)
    }

    /// Whether `bytes` are a CXF document, from its top-level members alone (values are skipped, not built): a
    /// Header has `accounts` with `version` or `exporterRpId`; an Account alone has `items` beside `collections`
    /// or `email`, which Bitwarden's JSON export (`items` beside `encrypted`) never has.
    /// The top-level member names detection looks at.
    static let detectionKeys: Set<String> = ["accounts", "version", "exporterRpId", "items", "encrypted", "collections", "email"]

    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        guard let keys = JSONParser.topLevelKeys(bytes, among: detectionKeys, limits: CXFLimits()) else { return false }
        if keys.contains("accounts"), keys.contains("version") || keys.contains("exporterRpId") { return true }
        return keys.contains("items") && !keys.contains("encrypted")
            && (keys.contains("collections") || keys.contains("email"))
    }
}
