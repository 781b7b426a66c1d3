import Foundation
import SesameCrypto
import SesameDomains
import SesameKeePass
import SesameAutoFill
import SesameStore

/// The public suffix list as the Linux shell finds it ($SESAME_PUBLIC_SUFFIX_LIST, else Debian's).
let testPublicSuffixList: PublicSuffixList = {
    let environment = ProcessInfo.processInfo.environment["SESAME_PUBLIC_SUFFIX_LIST"] ?? ""
    let path = environment.isEmpty ? "/usr/share/publicsuffix/public_suffix_list.dat" : environment
    return PublicSuffixList(utf8: Array(FileManager.default.contents(atPath: path) ?? Data()))
}()

func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
}

func hexString(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

/// The W3C WebAuthn Level 3 §16 vector "ES256 Credential with No Attestation" (Fixtures/w3c-none-es256.json).
struct W3CVector: Decodable {
    struct Registration: Decodable {
        var challenge, credentialPrivateKeyPKCS8, aaguid, credentialId, clientDataJSON, attestationObject: String
    }
    struct Authentication: Decodable {
        var challenge, authenticatorData, clientDataJSON, signature: String
    }
    var rpId: String
    var origin: String
    var registration: Registration
    var authentication: Authentication

    static func load() throws -> W3CVector {
        guard let url = Bundle.module.url(forResource: "Fixtures/w3c-none-es256", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try JSONDecoder().decode(W3CVector.self, from: Data(contentsOf: url))
    }

    /// The vector's credential as a Sesame passkey: BE and BS set (its flags byte says so), counter 0.
    func passkey() throws -> Passkey {
        Passkey(
            credentialID: hex(registration.credentialId), relyingPartyID: rpId, userHandle: [1], userName: "vector",
            privateKey: try PasskeyPrivateKey(pkcs8: SecureBytes(copying: hex(registration.credentialPrivateKeyPKCS8))),
            created: Date(timeIntervalSince1970: 0))
    }
}

/// One credential and its sign-ins, as relying_party.py reads them.
struct RelyingPartyCase: Encodable {
    struct Registration: Encodable {
        var challenge, clientDataJSON, attestationObject: String
    }
    struct Assertion: Encodable {
        var challenge, clientDataJSON, authenticatorData, signature: String
        var userHandle: String?
    }

    var name: String
    var rpId = "example.org"
    var origin = "https://example.org"
    var requireUserVerification = false
    var credentialId: String
    var registration: Registration?
    var publicKey: String?
    var registeredPrivateKey: String?
    var signCount: UInt32?
    var assertions: [Assertion] = []

    init(name: String, credentialID: [UInt8]) {
        self.name = name
        credentialId = Base64URL.encode(credentialID)
    }

    /// A registration as a browser would send it: clientDataJSON built from the origin and challenge.
    mutating func register(_ registration: PasskeyRegistration, challenge: [UInt8], clientDataJSON: [UInt8]) {
        self.registration = Registration(
            challenge: Base64URL.encode(challenge), clientDataJSON: Base64URL.encode(clientDataJSON),
            attestationObject: Base64URL.encode(registration.attestationObject))
    }

    mutating func append(_ assertion: PasskeyAssertion, challenge: [UInt8], clientDataJSON: [UInt8]) {
        assertions.append(Assertion(
            challenge: Base64URL.encode(challenge), clientDataJSON: Base64URL.encode(clientDataJSON),
            authenticatorData: Base64URL.encode(assertion.authenticatorData),
            signature: Base64URL.encode(assertion.signature),
            userHandle: assertion.userHandle.isEmpty ? nil : Base64URL.encode(assertion.userHandle)))
    }

    /// Signs in with `passkey` for a fresh challenge, as the browser path does: client data from origin and
    /// challenge, its hash signed.
    mutating func signIn(with passkey: Passkey, userVerified: Bool = true) throws -> PasskeyAssertion {
        let challenge = SecureRandom.bytes(count: 32)
        let clientData = ClientDataJSON.bytes(.assertion, challenge: challenge, origin: origin)
        let assertion = try PasskeyAuthenticator.assert(passkey, clientDataHash: SHA256.hash(clientData), userVerified: userVerified)
        append(assertion, challenge: challenge, clientDataJSON: clientData)
        return assertion
    }
}

/// What each library said about one case.
struct RelyingPartyVerdict: Decodable {
    struct Result: Decodable {
        var registration: String
        var assertions: [String]

        var acceptedEverything: Bool { registration == "ok" && assertions.allSatisfy { $0 == "ok" } }
    }
    var webauthn: Result
    var fido2: Result

    var bothAcceptedEverything: Bool { webauthn.acceptedEverything && fido2.acceptedEverything }
}

/// Runs Scripts/relying_party.py (py_webauthn and python-fido2 from PyPI). `nil` when a library is missing, so
/// the caller can skip with the reason; scripts/packages.txt lists both (`pip:` lines, role test).
enum RelyingParties {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/relying_party.py").path

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    static var missingLibrary: String? {
        let check = run(["python3", "-c", "import webauthn, fido2"], input: Data())
        return check.status == 0 ? nil
            : "py_webauthn and python-fido2 are needed (pip install --break-system-packages webauthn fido2; scripts/packages.sh build run test)"
    }

    static func verify(_ cases: [RelyingPartyCase]) throws -> [String: RelyingPartyVerdict] {
        struct Request: Encodable { var cases: [RelyingPartyCase] }
        struct Response: Decodable { var results: [String: RelyingPartyVerdict] }
        let output = run(["python3", script], input: try JSONEncoder().encode(Request(cases: cases)))
        guard output.status == 0 else {
            throw Missing(description: "relying_party.py failed (\(output.status)): \(String(decoding: output.stderr, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Response.self, from: output.stdout).results
    }

    private static func run(_ arguments: [String], input: Data) -> (status: Int32, stdout: Data, stderr: Data) {
        Tool.run("/usr/bin/env", arguments, input: input)
    }
}

/// Runs a program with `input` on its standard input (secrets never go into arguments).
enum Tool {
    static func run(_ executable: String, _ arguments: [String], input: Data = Data(),
                    directory: String? = nil) -> (status: Int32, stdout: Data, stderr: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // A private HOME, so keepassxc-cli never reads or writes the user's settings.
        var environment = ProcessInfo.processInfo.environment
        if let directory { environment["HOME"] = directory }
        environment["QT_QPA_PLATFORM"] = "offscreen"
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch { return (127, Data(), Data("\(error)".utf8)) }
        // Output is read on other threads while the input is written, so neither side can block on a full pipe.
        nonisolated(unsafe) var out = Data(), err = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }
}

/// A fresh private folder per test, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.path + "/sesame-passkeys-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

extension KeePassCredentials {
    static func password(_ password: String) -> KeePassCredentials {
        KeePassCredentials(password: SecureBytes(utf8: password))
    }
}

extension KeePassExportOptions {
    /// The cheapest key derivation, so tests stay fast.
    static let fast = KeePassExportOptions(keyDerivation: .argon2id(memoryKiB: 1024, iterations: 2, parallelism: 1))
}
