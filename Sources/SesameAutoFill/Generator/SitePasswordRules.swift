import Foundation
import SesameDomains

/// Per-site password rules in the format of Apple's password-manager-resources `quirks/password-rules.json`:
/// `{"example.com": {"password-rules": "minlength: 8; …"}, …}`, matched by registrable domain and subdomains.
public struct SitePasswordRules: Sendable {
    /// Rule texts by domain (lowercase ASCII), parsed when asked for, so one bad entry spoils only its own site.
    private let texts: [String: String]

    public var count: Int { texts.count }

    /// Apple's file is 63 KB: 434 sites, the longest rule 204 characters (2026). Foundation's parser refuses
    /// nesting past 512 levels itself, and the file's shape has 2.
    public static let maximumBytes = 1 << 20
    public static let maximumSites = 10_000
    public static let maximumRuleBytes = 1024

    public init(parsingJSON data: Data) throws(ServiceFailure) {
        guard data.count <= Self.maximumBytes else {
            throw ServiceFailure(.invalidInput, "The password rules file is \(data.count) bytes, over Sesame's limit of \(Self.maximumBytes) (1 MiB).")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let sites = object as? [String: Any] else {
            throw ServiceFailure(.invalidInput, "The password rules file is not a JSON object of sites.")
        }
        guard sites.count <= Self.maximumSites else {
            throw ServiceFailure(.invalidInput, "The password rules file has \(sites.count) sites, over Sesame's limit of \(Self.maximumSites).")
        }
        var texts: [String: String] = [:]
        for (domain, entry) in sites {
            guard let text = (entry as? [String: Any])?["password-rules"] as? String else {
                throw ServiceFailure(.invalidInput, "The password rules file's entry '\(domain)' has no \"password-rules\" text.")
            }
            guard text.utf8.count <= Self.maximumRuleBytes else {
                throw ServiceFailure(.invalidInput, "The password rules of '\(domain)' are over Sesame's limit of \(Self.maximumRuleBytes) bytes.")
            }
            let key = (try? SesameDomains.Host(parsing: domain).ascii) ?? domain.lowercased()
            texts[key] = text
        }
        self.texts = texts
    }

    /// The rules of the most specific entry for `host`: the host itself, then each parent domain down to its
    /// registrable domain (never a public suffix, so `github.io`'s entry would not reach `alice.github.io`).
    public func rules(for host: SesameDomains.Host, publicSuffixList: PublicSuffixList) throws(ServiceFailure) -> (domain: String, rules: PasswordRules)? {
        let registrable = publicSuffixList.registrableDomain(of: host)
        var candidate = Substring(host.ascii)
        while true {
            if let text = texts[String(candidate)] {
                do {
                    return (String(candidate), try PasswordRulesParser.parse(text))
                } catch {
                    throw ServiceFailure(.invalidInput, "The password rules for \(candidate) do not parse: \(error.description)")
                }
            }
            guard candidate.count > registrable.count, let dot = candidate.firstIndex(of: ".") else { return nil }
            candidate = candidate[candidate.index(after: dot)...]
        }
    }
}
