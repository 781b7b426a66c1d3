import Foundation
import SesameCrypto
@testable import SesameSecretService
import Testing

/// The session collection's budgets: a client cannot fill the service's memory.
struct MemoryCollectionBudgetTests {
    static func entry(bytes: Int, attributes: [String: String] = [:]) -> MemoryCollection.Entry {
        MemoryCollection.Entry(label: "", attributes: attributes, secret: SecureBytes(count: bytes, lockedInMemory: false),
                               contentType: "text/plain", created: Date(), modified: Date())
    }

    @Test func itemsAndBytesStayWithinTheirBudgets() {
        let memory = MemoryCollection()
        let mebibyte = 1024 * 1024
        for index in 0..<(BusBudget.memoryBytes / mebibyte) {
            let entry = Self.entry(bytes: mebibyte, attributes: ["n": String(index)])
            #expect(memory.fits(entry, replacing: nil))
            _ = memory.store(entry, replace: false)
        }
        #expect(!memory.fits(Self.entry(bytes: 1), replacing: nil))
        // Replacing an item counts its old secret out.
        let replacement = Self.entry(bytes: mebibyte, attributes: ["n": "0"])
        #expect(memory.fits(replacement, replacing: memory.replaced(by: replacement, replace: true)))
        #expect(!memory.fits(Self.entry(bytes: mebibyte + 1, attributes: ["n": "0"]), replacing: memory.ids.first))

        let many = MemoryCollection()
        for index in 0..<BusBudget.memoryItems { _ = many.store(Self.entry(bytes: 0, attributes: ["n": String(index)]), replace: false) }
        #expect(!many.fits(Self.entry(bytes: 0), replacing: nil))
        #expect(many.fits(Self.entry(bytes: 0), replacing: many.ids.first))
    }
}
