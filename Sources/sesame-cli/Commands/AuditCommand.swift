import Foundation
import SesameAgent
import SesameAutoFill
import SesameStore
import SesameTerminal

/// `sesame audit`: what to fix in the vault. The agent runs it when it holds the vault (the report names items, never
/// passwords); `--reveal` hands out every reported password, so it asks for the master password like an export.
enum AuditCommand: Command {
    static let spec = CommandSpec(
        name: "audit",
        abstract: "Report weak, reused and old passwords, missing one-time codes and shared-credential mismatches.",
        discussion: "Weak passwords are estimated with zxcvbn. Only titles, sites and counts are shown, never passwords, unless --reveal. While the agent holds the vault unlocked, the audit runs there and asks for nothing. With --reveal it shows every reported password at once, so it asks for the master password even while the agent is unlocked (three tries at a terminal).",
        declaring: Arguments.self,
        familiarNames: ["check", "health", "report"])

    struct Arguments: CommandArguments {
        let twoFactorSites: String?
        let reveal: Bool

        init(_ decoder: inout ArgumentDecoder) {
            twoFactorSites = decoder.value(.value("two-factor-sites", valueName: "file", help: "A list of sites that offer one-time codes (one domain a line); logins there without a code are reported."))
            reveal = decoder.flag(.flag("reveal", help: "Also show the passwords of the reported logins."))
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let list = try context.publicSuffixList()
        var twoFactorSites: Set<String>?
        if let path = arguments.twoFactorSites {
            guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("Cannot read \(path).") }
            twoFactorSites = try VaultAudit.twoFactorSites(parsing: String(decoding: data, as: UTF8.self), list: list)
        }
        let reveal = arguments.reveal
        let service: any VaultItems & EquivalentsService
        if reveal {
            if context.promptsAtTerminal {
                TerminalQuestion.tell("With --reveal the audit shows every reported password, so it asks for the master password even while the agent is unlocked.\n")
            }
            let vault = try Vault(path: context.vaultPath, publicSuffixList: list)
            try context.withMasterPassword { try vault.unlock(password: $0) }
            service = LocalVaultService(vault: vault)
        } else {
            service = try context.openService()
        }
        let report: AuditReport
        if let agent = service as? AgentClient {
            report = try agent.audit(twoFactorSites: twoFactorSites)
        } else {
            report = try service.audit(VaultAudit(
                equivalents: EquivalentDomains(), twoFactorSites: twoFactorSites, publicSuffixList: list, revealing: reveal))
        }
        if context.wantsJSON {
            try context.printJSON(report)
        } else {
            printText(report)
        }
    }

    private static func printText(_ report: AuditReport) {
        func name(_ entry: AuditReport.Entry) -> String { entry.title + (entry.password.map { " [\($0)]" } ?? "") }
        print("Audited \(report.itemsChecked.counted("login")): \(report.problemCount == 0 ? "nothing to fix" : report.problemCount.counted("finding")).")
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
