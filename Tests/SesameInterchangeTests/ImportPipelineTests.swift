import Foundation
import Testing
import SesameAutoFill
import SesameCrypto
import SesameStore
@testable import SesameInterchange

/// The import as the core runs it: skip what is there, update a changed password, create the rest, in one go.
@Suite struct ImportPipelineTests {
    private func login(_ title: String, _ url: String, _ user: String, _ password: String) -> Item {
        Item(title: title, username: user, password: password, urls: [ItemURL(url)],
             created: Date(timeIntervalSince1970: 1_600_000_000))
    }

    @Test func sameLoginIsSkippedAChangedPasswordUpdatesWithHistoryAndTheRestIsCreated() throws {
        let vault = try TestVault()
        let existing = login("GitHub", "https://github.com", "alice", "old")
        let kept = login("Bank", "https://bank.example", "bob", "same")
        try vault.service.vault.add(contentsOf: [existing, kept])
        var changes: [VaultChange] = []
        vault.service.onChange = { changes.append($0) }

        let summary = try vault.service.importItems([
            login("github", "https://github.com/login", "alice", "new"),   // same site and user: updated
            login("Bank", "bank.example", "bob", "same"),                    // same everything: skipped
            login("Mail", "https://mail.example", "carol", "m1"),            // created
            login("GitHub", "https://github.com", "dave", "d"),              // another user: created
        ], dryRun: false, progress: { _ in })

        #expect(summary.entries.map(\.outcome) == [.updated, .skipped, .created, .created])
        #expect(summary.entries[0].itemID == existing.id)
        #expect(summary.entries[1].itemID == kept.id)
        let items = vault.items
        #expect(items.count == 4)
        let updated = try #require(items.first { $0.id == existing.id })
        #expect(updated.password == "new")
        #expect(updated.passwordHistory.map(\.password) == ["old"])
        #expect(updated.urls == existing.urls)
        #expect(items.first { $0.title == "Mail" }?.created == Date(timeIntervalSince1970: 1_600_000_000))
        // One notice for the whole import, naming every item it wrote, so identities are synced once.
        #expect(changes.count == 1)
        if case .items(let ids) = changes.first {
            #expect(ids.count == 3)
            #expect(ids.contains(existing.id))
        } else {
            Issue.record("expected one items change, got \(changes)")
        }
    }

    @Test func rowsRepeatedInOneFileAreSkippedOrChainedIntoHistory() throws {
        let vault = try TestVault()
        let summary = try vault.service.importItems([
            login("A", "https://a.example", "u", "p1"),
            login("A", "https://a.example", "u", "p1"),
            login("A", "https://a.example", "u", "p2"),
        ], dryRun: false, progress: { _ in })
        #expect(summary.entries.map(\.outcome) == [.created, .skipped, .updated])
        #expect(Set(summary.entries.map(\.itemID)).count == 1)
        let item = try #require(vault.items.first)
        #expect(vault.items.count == 1)
        #expect(item.password == "p2")
        #expect(item.passwordHistory.map(\.password) == ["p1"])
    }

    @Test func aSecondImportOfTheSameFileChangesNothing() throws {
        let vault = try TestVault()
        let batch = try Fixture.read("chrome.csv").batch.records.map(\.item)
        let first = try vault.service.importItems(batch, dryRun: false, progress: { _ in })
        #expect(first.count(.created) == 4)
        let again = try Fixture.read("chrome.csv").batch.records.map(\.item)
        let second = try vault.service.importItems(again, dryRun: false, progress: { _ in })
        #expect(second.count(.skipped) == 4)
        #expect(vault.items.count == 4)
    }

    @Test func aDryRunDecidesTheSameAndWritesNothing() throws {
        let vault = try TestVault()
        try vault.service.vault.add(contentsOf: [login("GitHub", "https://github.com", "alice", "old")])
        var changes = 0
        vault.service.onChange = { _ in changes += 1 }
        let summary = try vault.service.importItems(
            [login("GitHub", "https://github.com", "alice", "new"), login("New", "https://n.example", "x", "y")],
            dryRun: true, progress: { _ in })
        #expect(summary.entries.map(\.outcome) == [.updated, .created])
        #expect(vault.items.map(\.password) == ["old"])
        #expect(changes == 0)
    }

    @Test func anInvalidItemFailsTheWholeImportAndWritesNothing() throws {
        let vault = try TestVault()
        #expect(throws: ServiceFailure.self) {
            _ = try vault.service.importItems([login("ok", "https://ok.example", "u", "p"),
                                           login("bad", "https://u:pw@bad.example", "u", "p")],
                                          dryRun: false, progress: { _ in })
        }
        #expect(vault.items.isEmpty)
    }

    @Test func progressCountsEveryItemWritten() throws {
        let vault = try TestVault()
        var seen: [Int] = []
        _ = try vault.service.importItems((0..<5).map { login("T\($0)", "https://s\($0).example", "u", "p") },
                                      dryRun: false, progress: { seen.append($0) })
        #expect(seen == [1, 2, 3, 4, 5])
    }
}

/// Passkeys in an import are never lost with a skipped login, and never added twice.
@Suite struct ImportPasskeyPipelineTests {
    private func passkey(_ id: UInt8) throws -> Passkey {
        Passkey(credentialID: Array(repeating: id, count: 16), relyingPartyID: "example.org", userHandle: [id],
                userName: "alice", privateKey: try PasskeyPrivateKey.generate().key, created: Date(timeIntervalSince1970: 1))
    }

    private func login(_ passkeys: [Passkey], password: String = "pw") -> Item {
        Item(title: "Example", username: "alice", password: password, urls: [ItemURL("https://example.org")],
             created: Date(timeIntervalSince1970: 1_600_000_000), passkeys: passkeys)
    }

    @Test func aKnownLoginGainsItsNewPasskeysAndNothingIsDoubled() throws {
        let vault = try TestVault()
        let existing = login([])
        try vault.service.vault.add(existing)
        let first = try passkey(1), second = try passkey(2)

        // Same site, user and password: before passkeys this was "skipped", and the passkey went with it.
        var summary = try vault.service.importItems([login([first])])
        #expect(summary.entries.map(\.outcome) == [.updated])
        #expect(vault.items.map(\.passkeys) == [[first]])
        // Again: nothing new. With a second passkey and a changed password: both land in the same item.
        summary = try vault.service.importItems([login([first])])
        #expect(summary.entries.map(\.outcome) == [.skipped])
        summary = try vault.service.importItems([login([first, second], password: "new")])
        #expect(summary.entries.map(\.outcome) == [.updated])
        let item = try #require(vault.items.first)
        #expect(vault.items.count == 1 && item.id == existing.id && item.password == "new")
        #expect(item.passkeys == [first, second])
        // Two rows of one file for a new login: the second row's passkey joins the first row's item.
        let other = Item(title: "Other", username: "bob", password: "b", urls: [ItemURL("https://other.example")],
                         passkeys: [try passkey(3)])
        var again = other
        again.id = UUID()
        again.passkeys = [try passkey(4), other.passkeys[0]]
        summary = try vault.service.importItems([other, again])
        #expect(summary.entries.map(\.outcome) == [.created, .updated])
        #expect(vault.items.first { $0.title == "Other" }?.passkeys.map(\.credentialID)
            == [Array(repeating: 3, count: 16), Array(repeating: 4, count: 16)])
    }
}
