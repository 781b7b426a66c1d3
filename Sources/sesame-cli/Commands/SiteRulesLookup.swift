import Foundation
import SesameAutoFill
import SesameDomains
import SesameTerminal

/// The configured per-site password rules, for `generate --for` and `add --generate`.
enum SiteRulesLookup {
    static func load(path: String) throws -> SitePasswordRules {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("The password rules file \(path) cannot be read.")
        }
        do {
            return try SitePasswordRules(parsingJSON: data)
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
    }

    /// The rules of the site `text` (a URL or domain) names, when a rules file is configured and has an entry.
    /// Says on stderr which site's rules apply, or why none do when `explicit` (the user asked with --for).
    static func rules(for text: String, context: CommandContext, explicit: Bool) throws -> PasswordRules? {
        guard let path = try ConfigFile(path: ConfigFile.path(environment: context.environment))[.passwordRules] else {
            if explicit {
                Terminal.writeToStandardError("Note: no password rules file is configured ('sesame config set password-rules FILE'); using the defaults.\n")
            }
            return nil
        }
        let host: SesameDomains.Host
        do {
            host = try ServiceURL(parsing: text).host
        } catch {
            throw context.usage.error("'\(text)' is not a valid URL or domain")
        }
        guard let (domain, rules) = try load(path: path).rules(for: host, publicSuffixList: context.publicSuffixList()) else {
            if explicit { Terminal.writeToStandardError("Note: no password rules for \(host.ascii); using the defaults.\n") }
            return nil
        }
        Terminal.writeToStandardError("Following the password rules for \(domain).\n")
        return rules
    }
}
