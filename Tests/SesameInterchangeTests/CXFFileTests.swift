import Foundation
import Testing
import SesameAutoFill
import SesameCrypto
import SesameStore
@testable import SesameInterchange

/// CXF as one of `sesame import`'s formats: found from the content, read into a batch that says what it left out,
/// and imported in one transaction that a second import leaves as it is.
@Suite struct CXFFileTests {
    @Test func aCXFAccountFileIsFoundFromItsContentAndReadWithWhatItLeftOut() throws {
        let (format, batch) = try Fixture.read("cxf-account.json")
        #expect(format == .cxf)
        #expect(ImportFormat(name: "credential-exchange") == .cxf)
        #expect(batch.records.map(\.location) == ["item 1 (Git forge)", "item 3 (Recovery codes)"])
        let forge = batch.records[0].item
        #expect((forge.username, forge.password) == ("grace", "hopper,1906"))
        #expect(forge.urls == [ItemURL("https://git.example:8443")])
        #expect(forge.tags == ["Work"])
        #expect(forge.oneTimeCode?.hasPrefix("otpauth://totp/") == true)
        #expect(batch.records[1].item.notes == "1. ünï\n2. 😀")
        #expect(batch.skipped == [
            ImportSkip(location: "item 2 (Card)", kind: "credit-card", count: 1, reason: "Sesame does not hold this kind of credential"),
            ImportSkip(location: "the file", kind: "member item.extensions", count: 1, reason: "Sesame does not read it"),
        ])
        #expect(batch.rejected.isEmpty)
    }

    @Test func bitwardensJSONIsStillBitwardensAndAnotherCXFVersionIsRefusedByName() throws {
        #expect(ImportFormat.detect(try Fixture.bytes("bitwarden.json")) == .bitwardenJSON)
        let newer = Array(#"{"version": {"major": 2, "minor": 0}, "exporterRpId": "x.example", "accounts": []}"#.utf8)
        #expect(ImportFormat.detect(newer) == .cxf)
        #expect(throws: ImportError("The file is CXF version 2.0; Sesame reads version 1.")) {
            try ImportReader.read(newer, as: nil) { _ in SecureBytes(count: 0) }
        }
    }

    @Test func anImportIsOneTransactionAndASecondImportChangesNothing() throws {
        let vault = try TestVault()
        let items = try Fixture.read("cxf-account.json").batch.records.map(\.item)
        let first = try vault.service.importItems(items)
        #expect(first.count(.created) == 2)
        let again = try vault.service.importItems(try Fixture.read("cxf-account.json").batch.records.map(\.item))
        #expect(again.count(.skipped) == 2 && again.count(.created) == 0 && again.count(.updated) == 0)
        #expect(vault.items.count == 2)
    }

    @Test func aWrittenFileReadsBackIntoTheSameLogins() throws {
        let items = try Fixture.read("cxf-account.json").batch.records.map(\.item)
        let (bytes, summary) = CXFFile.write(items)
        #expect(summary.items == 2 && summary.logins == 1 && summary.codes == 1 && summary.notes == 1)
        #expect(ImportFormat.detect(bytes) == .cxf)
        let batch = try CXFFile.read(bytes)
        #expect(batch.records.map(\.item.password) == items.map(\.password))
        #expect(batch.records.map(\.item.oneTimeCode) == items.map(\.oneTimeCode))
        #expect(batch.skipped.isEmpty)
    }
}
