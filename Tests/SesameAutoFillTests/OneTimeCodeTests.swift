import Foundation
import Testing
import SesameAutoFillTestSupport
import SesameCrypto
@testable import SesameAutoFill

@Suite struct OneTimeCodeTests {
    static let rfcSecrets: [HMAC.Algorithm: String] = [
        .sha1: "12345678901234567890",
        .sha256: "12345678901234567890123456789012",
        .sha512: "1234567890123456789012345678901234567890123456789012345678901234",
    ]

    /// RFC 6238 appendix B, all three hashes, eight digits.
    @Test(arguments: [
        (59, "94287082", "46119246", "90693936"),
        (1_111_111_109, "07081804", "68084774", "25091201"),
        (1_111_111_111, "14050471", "67062674", "99943326"),
        (1_234_567_890, "89005924", "91819424", "93441116"),
        (2_000_000_000, "69279037", "90698825", "38618901"),
        (20_000_000_000, "65353130", "77737706", "47863826"),
    ])
    func rfc6238Vectors(time: Int, sha1: String, sha256: String, sha512: String) {
        for (algorithm, expected) in [(HMAC.Algorithm.sha1, sha1), (.sha256, sha256), (.sha512, sha512)] {
            let settings = OneTimeCodeSettings(secret: Array(Self.rfcSecrets[algorithm]!.utf8), algorithm: algorithm, digits: 8)
            #expect(OneTimeCode(settings, at: Date(timeIntervalSince1970: TimeInterval(time))).code == expected, "\(algorithm)")
        }
    }

    @Test func codesEqualOathtoolsForRandomSecrets() throws {
        let oathtool = "/usr/bin/oathtool"
        try #require(FileManager.default.isExecutableFile(atPath: oathtool), "oathtool (Debian package oathtool) is needed to cross-check codes")
        var random = SeededGenerator(seed: 4226)
        for round in 0..<24 {
            let algorithm = HMAC.Algorithm.allCases[round % 3]
            let secret = (0..<(10 + round)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let digits = 6 + round % 3
            let period = [30, 60, 15][round % 3 == 0 ? 0 : round % 2]
            let time = Int.random(in: 0...4_000_000_000, using: &random)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: oathtool)
            process.arguments = ["--totp=\(algorithm.rawValue.lowercased())", "--base32", "--digits=\(digits)",
                                 "--time-step-size=\(period)s", "--now=@\(time)", Base32.encode(secret)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let settings = OneTimeCodeSettings(secret: secret, algorithm: algorithm, digits: digits, period: period)
            let code = OneTimeCode(settings, at: Date(timeIntervalSince1970: TimeInterval(time)))
            #expect(code.code == expected.trimmingCharacters(in: .whitespacesAndNewlines), "round \(round)")
            #expect(code.remaining == period - time % period)
        }
    }

    @Test func readsURIsWithEveryParameter() throws {
        let settings = try OneTimeCodeSettings(parsing: "otpauth://totp/ACME%20Co:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co&algorithm=SHA256&digits=8&period=60")
        #expect(settings.secret == Array("Hello!".utf8) + [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(settings.algorithm == .sha256)
        #expect(settings.digits == 8 && settings.period == 60)
        #expect(settings.issuer == "ACME Co" && settings.account == "alice@example.com")
        #expect(try OneTimeCodeSettings(parsing: settings.uri) == settings)
    }

    @Test func readsBareBase32SecretsWithDefaults() throws {
        let settings = try OneTimeCodeSettings(parsing: "jbsw y3dp ehpk 3pxp")
        #expect(settings == OneTimeCodeSettings(secret: [0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x21, 0xDE, 0xAD, 0xBE, 0xEF]))
    }

    @Test(arguments: [
        ("otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=1", "counter-based (HOTP) codes are not supported, only time-based (TOTP) ones"),
        ("otpauth://totp/x?issuer=a", "the URI has no secret"),
        ("otpauth://totp/x?secret=JBSW1", "the secret is not base32"),
        ("otpauth://totp/x?secret=JBSWY3DP&algorithm=MD5", "the algorithm must be SHA1, SHA256 or SHA512"),
        ("otpauth://totp/x?secret=JBSWY3DP&digits=5", "the number of digits must be 6, 7 or 8"),
        ("otpauth://totp/x?secret=JBSWY3DP&period=0", "the period must be between 1 and 3600 seconds"),
        ("otpauth://totp/x?secret=JBSWY3DP&secret=JBSWY3DP", "the parameter 'secret' appears twice"),
        ("otpauth://mail/x?secret=JBSWY3DP", "the URI must start with otpauth://totp/"),
        ("otpauth:// bad uri", "it is not a well-formed URI"),
        ("not a secret!", "it is neither an otpauth:// URI nor a base32 secret"),
    ])
    func malformedSettingsAreRejectedWithoutQuotingTheSecret(text: String, reason: String) {
        #expect(throws: ServiceFailure(.invalidInput, "The one-time code setting is not valid: \(reason).")) {
            try OneTimeCodeSettings(parsing: text)
        }
    }

    /// Inputs FuzzOneTimeCodeURI found whose written URI read back differently (empty issuer or account in the
    /// label, an issuer or account holding `:`).
    @Test(arguments: [
        "otpauth://totp/se0cretdotpauth:?/?\u{0}*&csecret=&secret=tpaut&&M",
        "otpauth://totp/:ssue?\u{0}&secret=isB==&&W4==\u{FFFD}&i\u{FFFD}u",
        "otpauth://totp/Isissuer=ct?secret=MZXW6===&issuer=Oth:/",
        "otpauth://totp/:t?secret=MZXW6===&i3s-uer",
        "otpauth://totp/:Issuer\u{0}\u{0}ctotp/Issuer:acct?secret=MZXW6er",
        "otpauth://totp/Ise2aocs:?secret=oper",
    ])
    func writtenURIsReadBackTheSame(text: String) throws {
        let settings = try OneTimeCodeSettings(parsing: text)
        #expect(try OneTimeCodeSettings(parsing: settings.uri) == settings)
    }
}
