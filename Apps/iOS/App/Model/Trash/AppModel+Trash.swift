#if canImport(UIKit)
import Foundation
import SesameAutoFill

/// The trash: logins moved there in the app, by a rejected git login on Linux, or by another device; restored or
/// deleted for good. Every change reaches the suggestions above the keyboard and the next sync round.
extension AppModel {
    public func trashedItems() async throws -> [ItemSummary] {
        try await provider.perform { try $0.list(.trashed).items }
    }

    public func restore(_ id: UUID) async throws {
        try await provider.perform { try $0.restore(id) }
        try await reload()
        sync.noteLocalChange()
    }

    /// Deletes a trashed login for good (a tombstone stays for the other devices).
    public func deleteForever(_ id: UUID) async throws {
        try await provider.perform { try $0.delete(id) }
        try await reload()
        sync.noteLocalChange()
    }
}
#endif
