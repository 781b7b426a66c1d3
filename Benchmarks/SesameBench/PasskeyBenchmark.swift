import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// A passkey sign-in (the browser's `passkeys-get`, an iOS passkey tap) at 100,000 items (10,000 with --quick),
/// 1,000 of them holding a passkey: finding the relying party's passkeys, signing, recording the use. Beside it,
/// in the same run, the reference the sign-in used before: every active item decoded in full (`passkeys()`).
enum PasskeyBenchmark {
    static func run(folder: String, quick: Bool) throws {
        report("## Passkey sign-in (SesameAutoFill)\n")
        let count = quick ? 10_000 : 100_000
        let withPasskeys = 1_000, relyingParties = 100
        let vault = try Vault.create(
            at: folder + "/passkeys.sqlite", password: SecureBytes(utf8: "pw"),
            kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: Fixtures.publicSuffixList)
        let key = try PasskeyPrivateKey.generate().key
        var index = 0
        while index < count {
            let end = min(count, index + 5_000)
            try vault.add(contentsOf: (index..<end).map { index in
                var item = Fixtures.item(index)
                let step = count / withPasskeys
                if index % step == 0 {
                    let party = "rp\((index / step) % relyingParties).example"
                    item.passkeys = [Passkey(
                        credentialID: SecureRandom.bytes(count: 16), relyingPartyID: party,
                        userHandle: Array("user-\(index)".utf8), userName: "user\(index)", privateKey: key,
                        created: Date(timeIntervalSince1970: 1_800_000_000))]
                }
                return item
            })
            index = end
        }
        let service = LocalVaultService(vault: vault)
        report("| setup: \(count) items, \(withPasskeys) with a passkey, \(relyingParties) relying parties | | |")

        let probes = quick ? 100 : 40
        var signIns: [Double] = [], lookups: [Double] = []
        for probe in 0..<probes {
            let party = "rp\((probe * 37) % relyingParties).example"
            lookups.append(try Measure.seconds { _ = try service.passkeys(for: party) })
            signIns.append(try Measure.seconds {
                guard case .success = try service.signInWithPasskey(
                    for: party, allowedCredentialIDs: [], clientDataHash: SecureRandom.bytes(count: 32),
                    userVerified: false)
                else { preconditionFailure("every relying party has passkeys") }
            })
        }
        report("| sign-in: find the relying party's passkeys, sign, record the use (\(probes) probes) | median \(Measure.format(Measure.median(signIns))) | |")
        report("| … of which finding them (`passkeys(for:)`: every item read as far as suggestions need) | median \(Measure.format(Measure.median(lookups))) | |")
        var full: [Double] = []
        for _ in 0..<(quick ? 10 : 5) { full.append(try Measure.seconds { _ = try service.passkeys() }) }
        report("| reference: every active item decoded in full (`passkeys()`, what a sign-in read before) | median \(Measure.format(Measure.median(full))) | |")
    }
}
