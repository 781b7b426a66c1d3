import Foundation
import SesameCrypto
import SesameStore
import Testing
@testable import SesameKeePass

/// KDBX 4 variants KeePassXC's CLI cannot create (Argon2d/Argon2id, AES/ChaCha20, key files), generated at test time
/// by pykeepass with cheap key derivation. .ci/run installs pykeepass with pip.
@Suite struct PyKeePassTests {
    /// One python process makes every file: pykeepass's blank template costs a full default Argon2 run (seconds),
    /// so it is paid once for a cheap base file that each variant reopens. Each line of the spec file is
    /// `output kdf cipher password keyfile`, tab-separated.
    static let generator = #"""
    import sys, uuid, os
    from pykeepass import create_database, PyKeePass
    base = os.path.join(os.path.dirname(sys.argv[1]), 'base.kdbx')
    kp = create_database(base, password='base')
    params = kp.kdbx.header.value.dynamic_header.kdf_parameters.data.dict
    params['M'].value, params['I'].value, params['P'].value = 1024 * 1024, 2, 2
    kp.save()
    for line in open(sys.argv[1], encoding='utf-8').read().splitlines():
        out, kdf, cipher, password, keyfile = (line.split('\t') + [''] * 5)[:5]
        kp = PyKeePass(base, password='base')
        kp.password, kp.keyfile = password or None, keyfile or None
        header = kp.kdbx.header.value.dynamic_header
        params = header.kdf_parameters.data.dict
        params['M'].value, params['I'].value, params['P'].value = 1024 * 1024, 2, 2
        if kdf == 'argon2id':
            params['$UUID'].value = uuid.UUID('9e298b1956db4773b23dfc3ec6f0a1e6').bytes
        header.cipher_id.data = cipher
        group = kp.add_group(kp.root_group, 'Internet')
        entry = kp.add_entry(group, 'GitHub', 'alice', 'first ✓', url='https://github.com', notes='line1\nline2', tags=['dev', 'work'])
        entry.set_custom_property('PIN', '1234', protect=True)
        entry.set_custom_property('KP2A_URL', 'https://gist.github.com')
        entry.otp = 'otpauth://totp/GitHub:alice?secret=JBSWY3DPEHPK3PXP&issuer=GitHub'
        entry.save_history()
        entry.password = 'second ✓'
        entry.add_attachment(kp.add_binary(b'\x00\x01binary\xff'), 'note.bin')
        kp.add_entry(kp.root_group, 'Plain', 'bob', 'pw')
        kp.save(out)
    """#

    static let variants = [("argon2d", "aes256"), ("argon2id", "chacha20"), ("argon2d", "chacha20"), ("argon2id", "aes256")]

    /// Every generated file, made once for the whole suite.
    nonisolated(unsafe) static let fixtures: Result<KeePassToolbox, any Error> = Result {
        let tools = try KeePassToolbox()
        var lines = variants.map { "\(tools.path("\($0.0)-\($0.1).kdbx"))\t\($0.0)\t\($0.1)\tpässword\t" }
        for form in KeyFileForm.allCases {
            try tools.write(keyFile(form), to: "\(form).key")
            lines.append("\(tools.path("\(form).kdbx"))\targon2id\taes256\t\t\(tools.path("\(form).key"))")
        }
        lines.append("\(tools.path("both.kdbx"))\targon2d\tchacha20\tpw\t\(tools.path("xmlV2.key"))")
        try tools.write(Array(lines.joined(separator: "\n").utf8), to: "specs.txt")
        try tools.python(generator, [tools.path("specs.txt")])
        return tools
    }

    /// Prints entries as JSON: what pykeepass (an independent reader) sees in a file Sesame wrote.
    static let dumper = #"""
    import sys, json
    from pykeepass import PyKeePass
    path, password, keyfile = sys.argv[1:4]
    kp = PyKeePass(path, password=password or None, keyfile=keyfile or None)
    print(json.dumps([{'title': e.title, 'username': e.username, 'password': e.password, 'url': e.url, 'notes': e.notes,
                       'otp': e.otp, 'group': e.group.name, 'history': [h.password for h in e.history],
                       'attachments': [[a.filename, a.data.hex()] for a in e.attachments]} for e in kp.entries]))
    """#

    enum KeyFileForm: String, CaseIterable { case xmlV1, xmlV2, raw32, hex64, hashed }

    static func keyFile(_ form: KeyFileForm) -> [UInt8] {
        let key = (0..<32).map { UInt8($0 * 7 + 1) }
        let hex = key.map { String(format: "%02X", $0) }.joined()
        switch form {
        case .xmlV1:
            return Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <KeyFile><Meta><Version>1.00</Version></Meta><Key><Data>\(Data(key).base64EncodedString())</Data></Key></KeyFile>
            """.utf8)
        case .xmlV2:
            let check = KDBXPrimitives.sha256(key).prefix(4).map { String(format: "%02X", $0) }.joined()
            let spaced = stride(from: 0, to: hex.count, by: 8).map { offset -> String in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return String(hex[start..<hex.index(start, offsetBy: 8)])
            }.joined(separator: " ")
            return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <KeyFile>
                <Meta><Version>2.0</Version></Meta>
                <Key><Data Hash="\(check)">
                    \(spaced)
                </Data></Key>
            </KeyFile>
            """.utf8)
        case .raw32: return key
        case .hex64: return Array(hex.utf8)
        case .hashed: return (0..<128).map { UInt8(truncatingIfNeeded: $0 * 13 + 5) }
        }
    }

    @Test(arguments: variants)
    func pykeepassVariantsImportCompletely(kdf: String, cipher: String) throws {
        let tools = try Self.fixtures.get()
        let items = try KeePassFile.items(from: try tools.read("\(kdf)-\(cipher).kdbx"), credentials: .password("pässword"))
        #expect(items.count == 2)
        let github = try #require(items.first { $0.title == "GitHub" })
        #expect(github.username == "alice" && github.password == "second ✓" && github.notes == "line1\nline2")
        #expect(github.urls == [ItemURL("https://github.com"), ItemURL("https://gist.github.com")])
        #expect(github.tags == ["Internet", "dev", "work"])
        #expect(github.fields == [CustomField(name: "PIN", value: "1234", isProtected: true)])
        #expect(github.oneTimeCode == "otpauth://totp/GitHub:alice?secret=JBSWY3DPEHPK3PXP&issuer=GitHub")
        #expect(github.passwordHistory.map(\.password) == ["first ✓"])
        #expect(github.attachments == [ItemAttachment(name: "note.bin", data: Data([0, 1] + Array("binary".utf8) + [0xFF]))])
        #expect(items.first { $0.title == "Plain" }?.tags == [])
    }

    /// pykeepass computes the key file component itself, so agreeing with it checks every key file form.
    @Test(arguments: KeyFileForm.allCases)
    func keyFilesOpenFilesAlone(form: KeyFileForm) throws {
        let file = try Self.fixtures.get().read("\(form).kdbx")
        let items = try KeePassFile.items(from: file, credentials: KeePassCredentials(keyFile: SecureBytes(copying: Self.keyFile(form))))
        #expect(items.count == 2)
        #expect(throws: KeePassError.wrongCredentials) {
            try KeePassFile.items(from: file, credentials: KeePassCredentials(keyFile: SecureBytes(copying: Self.keyFile(.hashed) + [1])))
        }
    }

    @Test func passwordAndKeyFileTogether() throws {
        let tools = try Self.fixtures.get()
        let file = try tools.read("both.kdbx")
        let both = KeePassCredentials(password: SecureBytes(utf8: "pw"), keyFile: SecureBytes(copying: Self.keyFile(.xmlV2)))
        #expect(try KeePassFile.items(from: file, credentials: both).count == 2)
        #expect(throws: KeePassError.wrongCredentials) { try KeePassFile.items(from: file, credentials: .password("pw")) }
        // Sesame's own export with both, read back by pykeepass.
        let exported = try KeePassFile.file(from: [KeePassRoundTripTests.fullItem], credentials: both, options: .fast)
        try tools.write(exported, to: "both-out.kdbx")
        try tools.python(Self.dumper, [tools.path("both-out.kdbx"), "pw", tools.path("xmlV2.key")])
    }

    @Test func brokenXMLV2KeyFileIsRefused() {
        var broken = String(decoding: Self.keyFile(.xmlV2), as: UTF8.self)
        broken = broken.replacingOccurrences(of: "Hash=\"", with: "Hash=\"00")
        #expect(throws: KeePassError.self) { try KeePassCredentials.keyFileComponent(Array(broken.utf8)) }
    }

    /// An independent reader (pykeepass) sees in Sesame's export what Sesame wrote, for each cipher and KDF.
    @Test(arguments: [
        KeePassExportOptions.fast,
        KeePassExportOptions(cipher: .chaCha20, keyDerivation: .argon2d(memoryKiB: 1024, iterations: 2, parallelism: 2)),
        KeePassExportOptions(cipher: .aes256, keyDerivation: .aesKDF(rounds: 1000)),
    ])
    func pykeepassReadsSesameExports(options: KeePassExportOptions) throws {
        let tools = try KeePassToolbox()
        let item = KeePassRoundTripTests.fullItem
        try tools.write(try KeePassFile.file(from: [item], credentials: .password("pw ✓"), options: options), to: "out.kdbx")
        let dumpScript = Self.dumper.replacingOccurrences(of: "print(json.dumps(", with: "open(sys.argv[4], 'w').write(json.dumps(")
        try tools.python(dumpScript, [tools.path("out.kdbx"), "pw ✓", "", tools.path("dump.json")])
        let dump = try JSONSerialization.jsonObject(with: Data(try tools.read("dump.json"))) as? [[String: Any]]
        let entry = try #require(dump?.first)
        #expect(entry["title"] as? String == item.title)
        #expect(entry["password"] as? String == item.password)
        #expect(entry["url"] as? String == item.urls[0].url)
        #expect(entry["notes"] as? String == item.notes)
        #expect(entry["otp"] as? String == item.oneTimeCode)
        #expect(entry["history"] as? [String] == item.passwordHistory.map(\.password))
        #expect((entry["attachments"] as? [[String]])?.map { $0[0] } == item.attachments.map(\.name))
    }
}
