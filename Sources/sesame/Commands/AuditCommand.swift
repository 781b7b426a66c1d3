import Foundation
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame audit`: what to fix in the vault. Always asks for the master password: it reads every password.
enum AuditCommand: Command {
    static let spec = CommandSpec(
        name: "audit",
        abstract: "Report weak, reused and old passwords, missing one-time codes and shared-credential mismatches.",
        discussion: "Weak passwords are estimated with zxcvbn. Only titles, sites and counts are shown, never passwords, unless --reveal. The audit reads every password, so it always asks for the master password, even while the agent is unlocked.",
        options: [
            .value("two-factor-sites", valueName: "file", help: "A list of sites that offer one-time codes (one domain a line); logins there without a code are reported."),
            .flag("reveal", help: "Also show the passwords of the reported logins."),
            CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let list = try context.publicSuffixList()
        var twoFactorSites: Set<String>?
        if let path = arguments.value("two-factor-sites") {
            guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("Cannot read \(path).") }
            twoFactorSites = try VaultAudit.twoFactorSites(parsing: String(decoding: data, as: UTF8.self), list: list)
        }
        let vault = try Vault(path: context.vaultPath, publicSuffixList: list)
        try vault.unlock(password: try context.secrets.read(.masterPassword))
        let report = try LocalVaultService(vault: vault).audit(VaultAudit(
            equivalents: EquivalentDomains(), twoFactorSites: twoFactorSites, publicSuffixList: list,
            revealing: arguments.flag("reveal")))
        if context.wantsJSON {
            try context.printJSON(report)
        } else {
            printText(report)
        }
    }

    private static func printText(_ report: AuditReport) {
        func name(_ entry: AuditReport.Entry) -> String { entry.title + (entry.password.map { " [\($0)]" } ?? "") }
        print("Audited \(report.itemsChecked) logins: \(report.problemCount == 0 ? "nothing to fix" : "\(report.problemCount) findings").")
        section("Weak passwords", report.weak.map { "\(name($0.item)): \($0.reason)" })
        section("Reused passwords (groups)", report.reused.map { $0.items.map(name).joined(separator: ", ") })
        let date = ISO8601DateFormatter()
        date.formatOptions = [.withFullDate]
        section("Unchanged for over a year", report.old.map { "\(name($0.item)) (last changed \(date.string(from: $0.passwordChanged)))" })
        if let missing = report.missingOneTimeCode {
            section("Without a one-time code on a site that offers one", missing.map { "\(name($0.item)) (\($0.site))" })
        }
        section("Different passwords in a shared-credential group", report.sharedCredentialMismatch.map {
            "\($0.sites.joined(separator: ", ")): \($0.items.map(name).joined(separator: ", "))"
        })
    }

    private static func section(_ title: String, _ lines: [String]) {
        guard !lines.isEmpty else { return }
        print("\n\(title) (\(lines.count)):")
        for line in lines { print("  \(line)") }
    }
}
