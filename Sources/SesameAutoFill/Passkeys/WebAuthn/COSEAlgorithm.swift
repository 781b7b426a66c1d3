/// COSE algorithm identifiers (IANA "COSE Algorithms") as WebAuthn requests name them in `pubKeyCredParams` and iOS in
/// `supportedAlgorithms`. Sesame creates ES256 keys only.
public enum COSEAlgorithm {
    /// ECDSA with SHA-256 on P-256.
    public static let es256: Int64 = -7
    /// RSASSA-PKCS1-v1_5 with SHA-256: with ES256, what WebAuthn assumes when a page lists no algorithm.
    public static let rs256: Int64 = -257

    /// The list a request stands for: an empty `pubKeyCredParams` means ES256 and RS256 (WebAuthn §5.1.3 step 10).
    public static func effective(_ requested: [Int64]) -> [Int64] {
        requested.isEmpty ? [es256, rs256] : requested
    }
}
