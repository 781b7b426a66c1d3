#if canImport(UIKit)
import Foundation
import SesameAutoFill

extension AppModel {
    /// Audits every active login as `sesame audit` does (titles only, never a password): weak passwords, one
    /// password on several accounts, passwords unchanged for over a year, and accounts of one shared-credential
    /// group with different passwords. The app holds the vault in its own process, so reading every password here
    /// stays on the device.
    public func audit() async throws -> AuditOutcome {
        let audit = VaultAudit(
            equivalents: EquivalentDomains(), twoFactorSites: nil, publicSuffixList: environment.publicSuffixList,
            now: now())
        let report = try await provider.perform { try $0.audit(audit) }
        return AuditOutcome(report: report, checksStrength: PasswordStrength.estimate("sesame") != nil)
    }
}
#endif
