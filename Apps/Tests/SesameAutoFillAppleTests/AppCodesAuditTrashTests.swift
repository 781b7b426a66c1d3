import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
import SesameStore
import Testing
import UIKit

/// One-time codes with their countdown, copying to a pasteboard that forgets, the audit and the trash, through the
/// model as the screens drive it.
@MainActor
@Suite struct AppCodesAuditTrashTests {
    /// RFC 6238's SHA-1 test secret ("12345678901234567890"), 8 digits.
    static let rfcSecret = "otpauth://totp/Example:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=8&period=30"

    @Test func aCodeShowsWithItsCountdownAndLeavesThePasteboardWhenItExpires() async throws {
        let h = try ExtensionHarness()
        let clock = ManualClock()
        let pasteboard = UIPasteboard.withUniqueName()
        pasteboard.standInNow = { clock.now() }
        let app = AppModel(environment: h.environment, pasteboard: pasteboard, now: clock.now)
        app.pasteboardLifetime = 45
        try await app.unlock(password: ExtensionHarness.password)
        var change = ItemChange()
        change.oneTimeCode = .some(Self.rfcSecret)
        try await app.update(h.github.id, change)

        let codes = try await app.oneTimeCodes()
        #expect(codes.map(\.title) == ["GitHub"])
        let entry = try #require(codes.first)
        #expect(entry.period == 30)
        // RFC 6238 appendix B: 94287082 at 59 s, with 1 s left of its period.
        let rfc = entry.code(at: Date(timeIntervalSince1970: 59))
        #expect(rfc.code == "94287082")
        #expect(rfc.remaining == 1)

        let copied = app.copyCode(of: entry)
        #expect(copied == entry.code(at: clock.now()))
        #expect(pasteboard.string == copied.code)
        #expect(pasteboard.standInLocalOnly)
        #expect(pasteboard.standInExpirationDate == clock.now().addingTimeInterval(45))
        clock.advance(by: 44)
        #expect(pasteboard.string == copied.code)
        clock.advance(by: 1)
        #expect(pasteboard.string == nil)
        #expect(!pasteboard.hasStrings)

        try await app.copyPassword(of: h.example.id)
        #expect(pasteboard.string == "ex-secret")
        #expect(pasteboard.standInLocalOnly)
    }

    @Test func theAuditNamesWeakReusedAndOldPasswordsByTitleOnly() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment, pasteboard: .withUniqueName())
        try await app.unlock(password: ExtensionHarness.password)
        try await app.add(Item(title: "Forum", username: "alice", password: "password1", urls: [ItemURL("https://forum.example")]))
        try await app.add(Item(title: "Shop", username: "alice", password: "gh-secret", urls: [ItemURL("https://shop.example")]))
        let twoYearsAgo = Date().addingTimeInterval(-2 * 365 * 24 * 3600)
        // Imported from another manager with its own dates, as the vault keeps them.
        try h.withVault {
            try $0.add(contentsOf: [Item(title: "Old", username: "x", password: "Tr0ub4dor&3-correct-horse-staple",
                                         urls: [ItemURL("https://old.example")], created: twoYearsAgo, modified: twoYearsAgo)])
        }

        let outcome = try await app.audit()
        #expect(outcome.checksStrength)
        #expect(outcome.report.weak.map(\.item.title).contains("Forum"))
        #expect(outcome.report.reused.map { $0.items.map(\.title) } == [["GitHub", "Shop"]])
        #expect(outcome.report.old.map(\.item.title) == ["Old"])
        #expect(outcome.report.weak.allSatisfy { $0.item.password == nil })
    }

    @Test func aTrashedLoginLeavesTheSuggestionsAndComesBackWhenRestored() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment, pasteboard: .withUniqueName())
        try await app.unlock(password: ExtensionHarness.password)
        let record = h.github.id.uuidString.lowercased()
        #expect(h.storedIdentities.contains("github.com alice \(record)"))

        try await app.moveToTrash(h.github.id)
        #expect(try await app.trashedItems().map(\.id) == [h.github.id])
        #expect(!app.items.contains { $0.id == h.github.id })
        #expect(!h.storedIdentities.contains("github.com alice \(record)"))

        try await app.restore(h.github.id)
        #expect(try await app.trashedItems().isEmpty)
        #expect(app.items.contains { $0.id == h.github.id })
        #expect(h.storedIdentities.contains("github.com alice \(record)"))

        try await app.moveToTrash(h.example.id)
        try await app.deleteForever(h.example.id)
        #expect(try await app.trashedItems().isEmpty)
        #expect(!app.items.contains { $0.id == h.example.id })
    }
}
