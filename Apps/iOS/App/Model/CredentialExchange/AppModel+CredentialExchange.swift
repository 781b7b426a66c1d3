#if canImport(AuthenticationServices) && canImport(UIKit)
import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameAutoFillApple
import SesameCrypto
import SesameStore

/// iOS 26's credential exchange between apps (docs/import-export.md, "iOS 26: between apps"). Importing: the
/// system launches the app with a user activity carrying a token; the app fetches what the other app sent, maps it
/// onto the core's CXF model and shows what will come in and what cannot; on confirmation the core's import writes
/// it in one transaction, idempotent like `sesame import`, and the identity store follows. Exporting: after the
/// master password again, the system's sheet picks the importing app and the core's CXF export is sent to it.
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension AppModel {
    /// The import token of a user activity that launched the app, when it is a credential exchange's.
    public nonisolated static func credentialExchangeToken(activityType: String, userInfo: [AnyHashable: Any]?) -> UUID? {
        guard activityType == ASCredentialExchangeActivity else { return nil }
        return userInfo?[ASCredentialImportToken] as? UUID
    }

    /// Fetches what another app exported to this one and decides, without writing, what it would become.
    public func prepareCredentialExchangeImport(token: UUID) async throws -> CredentialExchangeImport {
        let data = try await Self.receive(token: token)
        let header = CXFHeader(data)
        do {
            try CXFLimits().check(header)
        } catch {
            throw AppFailure(error.message)
        }
        let result = CXFImport.result(from: header, now: now())
        let items = result.records.map(\.item)
        let plan = try await provider.perform { try $0.importItems(items, dryRun: true, progress: { _ in }) }
        return CredentialExchangeImport(exporter: data.exporterDisplayName, result: result, plan: plan)
    }

    /// Writes a prepared import in one transaction; the identity store follows (``CredentialProvider/perform(_:)``).
    /// Items already in the vault are skipped, so a second exchange of the same data changes nothing.
    @discardableResult
    public func confirmCredentialExchangeImport(_ pending: CredentialExchangeImport) async throws -> ImportSummary {
        let items = pending.items
        let summary = try await provider.perform { try $0.importItems(items) }
        try await reload()
        sync.noteLocalChange()
        return summary
    }

    /// Sends every login, code, passkey and note to the app the person picks in the system's sheet, after the
    /// master password again (as `sesame export` asks it). Answers what was sent and what was left out.
    public func exportThroughCredentialExchange(
        masterPassword: String, manager: sending ASCredentialExportManager
    ) async throws -> CXFExportSummary {
        let secret = SecureBytes(utf8: masterPassword)
        let items = try await provider.perform { try $0.export(masterPassword: secret).items }
        let (header, coreSummary) = CXFExport.header(for: items, now: now())
        let export = CXFAppleExport(header)
        var summary = coreSummary
        summary.leftOut.merge(export.leftOut, uniquingKeysWith: +)
        try await Self.send(export.data, with: manager)
        return summary
    }

    private nonisolated static func receive(token: UUID) async throws -> ASExportedCredentialData {
        do {
            return try await ASCredentialImportManager().importCredentials(token: token)
        } catch {
            throw AppFailure("The other app's credentials could not be received; start the export there again.")
        }
    }

    /// The system's sheet, then the data to the app picked there; both calls on the same manager, off the main actor.
    private nonisolated static func send(_ data: ASExportedCredentialData,
                                         with manager: sending ASCredentialExportManager) async throws {
        let options: ASCredentialExportManager.ExportOptions
        do {
            options = try await manager.requestExport()
        } catch {
            throw AppFailure("The export was cancelled; nothing was sent.")
        }
        guard options.formatVersion == .v1 else {
            throw AppFailure("The app you picked reads a newer exchange format than Sesame writes; nothing was sent.")
        }
        do {
            try await manager.exportCredentials(data)
        } catch {
            throw AppFailure("The credentials could not be sent to the app you picked.")
        }
    }
}
#endif
