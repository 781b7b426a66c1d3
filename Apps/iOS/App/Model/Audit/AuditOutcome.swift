#if canImport(UIKit)
import SesameAutoFill

/// The audit as the app shows it: the core's report (weak, reused and old passwords, by title), and whether this
/// build could judge strength at all (zxcvbn; see `PasswordStrength`), so a device without it never shows "no weak
/// passwords" for a check it did not make.
public struct AuditOutcome: Sendable, Equatable {
    public let report: AuditReport
    public let checksStrength: Bool
}
#endif
