/// Where an item's credentials are meant to be used (CXF 1.0 §3.5): web addresses as the exporter kept them
/// (a bare host is common) and Android apps.
public struct CXFScope: Sendable, Equatable {
    public var urls: [String]
    public var androidApps: [CXFAndroidApp]

    public init(urls: [String] = [], androidApps: [CXFAndroidApp] = []) {
        self.urls = urls
        self.androidApps = androidApps
    }

    public var isEmpty: Bool { urls.isEmpty && androidApps.isEmpty }
}

/// An Android app by package name, with the hash of its signing certificate when the exporter checked it.
public struct CXFAndroidApp: Sendable, Equatable {
    public var bundleId: String
    public var certificate: CXFAndroidCertificate?
    public var name: String?

    public init(bundleId: String, certificate: CXFAndroidCertificate? = nil, name: String? = nil) {
        self.bundleId = bundleId
        self.certificate = certificate
        self.name = name
    }
}

public struct CXFAndroidCertificate: Sendable, Equatable {
    public var fingerprint: [UInt8]
    /// `sha256` or `sha1` (the spec's values), or what the exporter wrote.
    public var hashAlgorithm: String

    public init(fingerprint: [UInt8], hashAlgorithm: String) {
        self.fingerprint = fingerprint
        self.hashAlgorithm = hashAlgorithm
    }
}
