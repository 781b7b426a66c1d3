#if canImport(UIKit)
import Foundation
import SesameAutoFill
import SesameStore

/// What a credential exchange from another app would bring in, shown before anything is written: the items the
/// core's CXF mapping made, what the vault would do with them (a dry run of the import), and what cannot come in,
/// by kind and count. Nothing here is written until ``AppModel/confirmCredentialExchangeImport(_:)``.
public struct CredentialExchangeImport: Sendable, Equatable {
    /// The exporting app as it names itself.
    public let exporter: String
    let items: [Item]
    /// What the import would do with each item: created, updated, or already there.
    public let plan: ImportSummary
    /// What comes in, by kind: `logins`, `one-time codes`, `passkeys`, `notes`.
    public let incoming: [String: Int]
    /// What cannot come in, by CXF kind (`credit-card`, `wifi`, a passkey Sesame cannot sign with as `passkey`),
    /// with how many.
    public let notImported: [String: Int]
    /// Items that became nothing, with why (never a secret).
    public let rejected: [CXFImportResult.Rejection]

    init(exporter: String, result: CXFImportResult, plan: ImportSummary) {
        self.exporter = exporter
        items = result.records.map(\.item)
        self.plan = plan
        var incoming: [String: Int] = [:]
        for item in items {
            if !item.username.isEmpty || !item.password.isEmpty { incoming["logins", default: 0] += 1 }
            if item.oneTimeCode != nil { incoming["one-time codes", default: 0] += 1 }
            if !item.passkeys.isEmpty { incoming["passkeys", default: 0] += item.passkeys.count }
            if !item.notes.isEmpty { incoming["notes", default: 0] += 1 }
        }
        self.incoming = incoming
        notImported = result.skippedKinds
        rejected = result.rejected
    }
}
#endif
