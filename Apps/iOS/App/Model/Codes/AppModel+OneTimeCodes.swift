#if canImport(UIKit)
import Foundation
import SesameAutoFill
import UIKit

/// One-time codes in the app, and copying a code or a password: the pasteboard keeps it on this device only
/// (never Universal Clipboard) and forgets it after ``AppModel/pasteboardLifetime``.
extension AppModel {
    /// The logins that have a one-time code, by title; the codes themselves come from ``OneTimeCodeEntry/code(at:)``.
    /// A login whose code settings cannot be read is left out rather than failing the list.
    public func oneTimeCodes() async throws -> [OneTimeCodeEntry] {
        try await provider.perform { vault in
            var entries: [OneTimeCodeEntry] = []
            for summary in try vault.list().items {
                let item = try vault.reveal(summary.id)
                guard let uri = item.oneTimeCode, !uri.isEmpty, let settings = try? OneTimeCodeSettings(parsing: uri) else { continue }
                entries.append(OneTimeCodeEntry(id: item.id, title: item.title, username: item.username, settings: settings))
            }
            return entries.sorted { ($0.title.lowercased(), $0.id.uuidString) < ($1.title.lowercased(), $1.id.uuidString) }
        }
    }

    /// Tap to copy: the code valid now, on this device's pasteboard until it expires.
    @discardableResult
    public func copyCode(of entry: OneTimeCodeEntry) -> OneTimeCode {
        let code = entry.code(at: now())
        copyToPasteboard(code.code)
        return code
    }

    /// Copies a login's password, on the same terms as a code.
    public func copyPassword(of id: UUID) async throws {
        let password = try await provider.perform { try $0.reveal(id).password }
        copyToPasteboard(password)
    }

    private func copyToPasteboard(_ text: String) {
        pasteboard.setItems(
            [[Self.plainTextType: text]],
            options: [.localOnly: true, .expirationDate: now().addingTimeInterval(pasteboardLifetime)])
    }

    /// `UTType.utf8PlainText.identifier`, the type under which other apps paste text.
    static let plainTextType = "public.utf8-plain-text"
}
#endif
