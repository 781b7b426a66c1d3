import Foundation
import SesameCrypto
import SesameStore
import Testing
@testable import SesameKeePass

/// Both directions against the real `keepassxc-cli` (Debian's keepassxc 2.7.4).
@Suite struct KeePassXCTests {
    let password = "correct horse ✓ battery"

    /// `db-create` writes KDBX 3.1 (AES-256, AES-KDF, Salsa20 inner stream, gzip, HeaderHash); entries, a group,
    /// an attachment and a password change made by KeePassXC all come through.
    @Test func kdbx31WrittenByKeePassXCImportsCompletely() throws {
        let tools = try KeePassToolbox()
        try tools.keepassxc(["db-create", "-q", "-p", "-t", "100", "a.kdbx"], password: password, more: [password])
        let file = try tools.read("a.kdbx")
        #expect(file[8..<12] == [1, 0, 3, 0])
        try tools.keepassxc(["mkdir", "-q", "a.kdbx", "Internet"], password: password)
        try tools.keepassxc(["add", "-q", "-u", "dave", "--url", "https://example.com/login", "--notes", "two\nlines", "-p",
                             "a.kdbx", "Internet/Example"], password: password, more: ["first ✓ pw"])
        try tools.keepassxc(["edit", "-q", "-p", "a.kdbx", "Internet/Example"], password: password, more: ["second pw"])
        try tools.write(Array("attached bytes\u{0}\u{1}".utf8), to: "note.bin")
        try tools.keepassxc(["attachment-import", "-q", "a.kdbx", "Internet/Example", "note.bin", tools.path("note.bin")],
                            password: password)
        try tools.keepassxc(["add", "-q", "-u", "root-user", "-p", "a.kdbx", "AtRoot"], password: password, more: ["r"])

        let items = try KeePassFile.items(from: try tools.read("a.kdbx"), credentials: .password(password))
        #expect(items.count == 2)
        let example = try #require(items.first { $0.title == "Example" })
        #expect(example.username == "dave")
        #expect(example.password == "second pw")
        #expect(example.urls == [ItemURL("https://example.com/login")])
        #expect(example.notes == "two\nlines")
        #expect(example.tags == ["Internet"])
        #expect(example.passwordHistory.map(\.password).contains("first ✓ pw"))
        #expect(example.attachments == [ItemAttachment(name: "note.bin", data: Data("attached bytes\u{0}\u{1}".utf8))])
        let root = try #require(items.first { $0.title == "AtRoot" })
        #expect(root.tags.isEmpty && root.password == "r" && root.username == "root-user")
    }

    /// A file Sesame writes opens in KeePassXC, which shows every entry with its password, URL, notes and TOTP.
    @Test(arguments: [KeePassExportOptions.Cipher.aes256, .chaCha20])
    func exportOpensInKeePassXC(cipher: KeePassExportOptions.Cipher) throws {
        let tools = try KeePassToolbox()
        let items = (1...3).map { index in
            Item(title: "Site \(index)", username: "user\(index)", password: "pässword \(index) <&>",
                 urls: [ItemURL("https://site\(index).example/"), ItemURL("https://alt\(index).example/")],
                 notes: "note \(index)\nsecond line", tags: ["tag\(index)"],
                 oneTimeCode: "otpauth://totp/Site\(index):user?secret=JBSWY3DPEHPK3PXP&period=30&digits=6")
        }
        var options = KeePassExportOptions.fast
        options.cipher = cipher
        try tools.write(try KeePassFile.file(from: items, credentials: .password(password), options: options), to: "out.kdbx")
        let listing = try tools.keepassxc(["ls", "-q", "-R", "-f", "out.kdbx"], password: password).stdout
        for item in items {
            #expect(listing.contains(item.title))
            let shown = try tools.keepassxc(["show", "-q", "-s", "--all", "out.kdbx", item.title], password: password).stdout
            #expect(shown.contains("Password: \(item.password)"))
            #expect(shown.contains("URL: \(item.urls[0].url)"))
            #expect(shown.contains("Notes: \(item.notes)"))
            #expect(shown.contains("KP2A_URL: \(item.urls[1].url)"))
            #expect(shown.contains("UserName: \(item.username)"))
            let totp = try tools.keepassxc(["show", "-q", "-t", "out.kdbx", item.title], password: password).stdout
            let code = totp.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(code.count == 6 && code.allSatisfy { $0.isNumber })
        }
        // KeePassXC re-saves the file (KDBX 4, same cipher and KDF), and Sesame reads that back unchanged.
        try tools.keepassxc(["add", "-q", "-u", "x", "-p", "out.kdbx", "Added"], password: password, more: ["y"])
        let back = try KeePassFile.items(from: try tools.read("out.kdbx"), credentials: .password(password))
        #expect(back.count == 4)
        for item in items {
            let read = try #require(back.first { $0.id == item.id })
            #expect(read.password == item.password && read.urls == item.urls && read.notes == item.notes)
            #expect(read.oneTimeCode == item.oneTimeCode && read.tags == item.tags && read.username == item.username)
        }
    }

    /// KDBX 3.1 authenticates its header only through Meta/HeaderHash: a changed protected-stream key (which
    /// would garble every protected value) must be reported as damage, not imported as garbage.
    @Test func kdbx31HeaderTamperingIsCaught() throws {
        let tools = try KeePassToolbox()
        try tools.keepassxc(["db-create", "-q", "-p", "-t", "100", "a.kdbx"], password: password, more: [password])
        try tools.keepassxc(["add", "-q", "-u", "u", "-p", "a.kdbx", "E"], password: password, more: ["secret"])
        var file = try tools.read("a.kdbx")
        var offset = 12
        while file[offset] != 8 {
            offset += 3 + Int(file[offset + 1]) + Int(file[offset + 2]) << 8
        }
        file[offset + 3] ^= 0x01
        #expect(throws: KeePassError.damaged("its header was modified (the header hash does not match)")) {
            try KeePassFile.items(from: file, credentials: .password(password))
        }
    }

    @Test func wrongPasswordIsReportedAsSuch() throws {
        let tools = try KeePassToolbox()
        try tools.keepassxc(["db-create", "-q", "-p", "-t", "100", "a.kdbx"], password: password, more: [password])
        #expect(throws: KeePassError.wrongCredentials) {
            try KeePassFile.items(from: try tools.read("a.kdbx"), credentials: .password("not it"))
        }
    }
}
