/// The rules that say which part of a host name a registrant controls.
///
/// Placeholder: the site is the host's last two labels. The AutoFill issue loads the real list.
public final class PublicSuffixList: Sendable {
    /// Changes whenever `registrableDomain(of:)` could answer differently, so indexes know to rebuild.
    public let fingerprint: String

    private init(fingerprint: String) { self.fingerprint = fingerprint }

    private static let sharedList = PublicSuffixList(fingerprint: "last-two-labels")

    /// The process-wide list, loaded once.
    public static func shared() throws(DomainError) -> PublicSuffixList { sharedList }

    public func registrableDomain(of host: Host) -> String {
        guard host.kind == .domain else { return host.ascii }
        let labels = host.ascii.split(separator: ".")
        return labels.count <= 2 ? host.ascii : labels.suffix(2).joined(separator: ".")
    }
}

/// The site a host belongs to: its registrable domain, or the host itself for IP literals and single labels.
public func registrableDomain(of host: Host) throws(DomainError) -> String {
    try PublicSuffixList.shared().registrableDomain(of: host)
}
