/// A time-based one-time code generator (CXF 1.0 `totp`, RFC 6238).
public struct CXFTOTP: Sendable, Equatable {
    /// The shared secret's bytes (base32 in the file).
    public var secret: [UInt8]
    /// Seconds per code; 30 when the file leaves it out.
    public var period: Int
    /// 6 when the file leaves it out.
    public var digits: Int
    /// `sha1`, `sha256`, `sha512`, or what the exporter wrote (importers must ignore codes of other algorithms).
    public var algorithm: String
    public var username: String?
    public var issuer: String?

    public init(secret: [UInt8], period: Int = 30, digits: Int = 6, algorithm: String = "sha1", username: String? = nil,
                issuer: String? = nil) {
        self.secret = secret
        self.period = period
        self.digits = digits
        self.algorithm = algorithm
        self.username = username
        self.issuer = issuer
    }
}
