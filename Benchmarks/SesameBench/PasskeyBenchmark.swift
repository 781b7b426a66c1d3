import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameCrypto
import SesameStore

/// A passkey sign-in (the browser's `passkeys-get`, an iOS passkey tap) at 100,000 items (10,000 with --quick),
/// 1,000 of them holding a passkey: finding the relying party's passkeys, signing, recording the use. Beside it,
/// in the same run, the reference the sign-in used before: every active item decoded in full (`passkeys()`). Then
/// the iOS extension's QuickType taps on the same vault, through `CredentialProvider` as the extension's view
/// controller calls it (a trusted session, no UI): a passkey suggestion signing, beside a password suggestion
/// filling, alternately.
enum PasskeyBenchmark {
    static func run(folder: String, quick: Bool) async throws {
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
        vault.close()
        try await quickTypeTaps(path: folder + "/passkeys.sqlite", relyingParties: relyingParties, probes: probes)
    }

    /// Nobody answers: a tap without UI on a trusted session never asks.
    final class NoPrompt: Authenticator {
        func authenticate(_ prompt: AuthenticationPrompt) async -> AuthenticationResult { .canceled }
    }

    /// The extension's answer to a tapped suggestion without UI, as its view controller asks the provider: a
    /// passkey's (find it, sign, record the use) and a password's (read the login, record the use), alternately.
    static func quickTypeTaps(path: String, relyingParties: Int, probes: Int) async throws {
        let provider = CredentialProvider(
            vaultPath: path, publicSuffixList: Fixtures.publicSuffixList, identityStore: InMemoryIdentityStore(),
            authenticator: NoPrompt(), keepsIdentitySnapshot: false)
        _ = try await provider.unlock(password: SecureBytes(utf8: "pw"))
        let reader = try Vault(path: path, publicSuffixList: Fixtures.publicSuffixList)
        try reader.unlock(password: SecureBytes(utf8: "pw"))
        let service = LocalVaultService(vault: reader)
        // The suggestions the store would hold: each probe's passkey and the password of the same login.
        var suggestions: [(passkey: CredentialIdentity, password: CredentialIdentity)] = []
        for probe in 0..<probes {
            let listing = try service.passkeys(for: "rp\((probe * 37) % relyingParties).example")[0]
            let item = try reader.item(withID: listing.itemID).item
            let name = ItemLogin.PasskeyName(
                credentialID: listing.passkey.credentialID, relyingPartyID: listing.passkey.relyingPartyID,
                userName: listing.passkey.userName, userHandle: listing.passkey.userHandle)
            suggestions.append((
                CredentialIdentity(passkey: name, itemID: listing.itemID),
                CredentialIdentity(
                    serviceIdentifier: ServiceIdentifier(item.urls[0].url, kind: .url), user: item.username,
                    recordIdentifier: CredentialIdentity.recordIdentifier(for: listing.itemID))))
        }
        reader.close()
        var passkeyTaps: [Double] = [], passwordTaps: [Double] = []
        for (passkey, password) in suggestions {
            let hash = SecureRandom.bytes(count: 32)
            var started = Date()
            _ = try await provider.passkeySignIn(
                for: passkey, clientDataHash: hash, userVerification: .preferred, mode: .withoutUserInteraction)
            passkeyTaps.append(Date().timeIntervalSince(started))
            started = Date()
            _ = try await provider.credential(for: password, mode: .withoutUserInteraction)
            passwordTaps.append(Date().timeIntervalSince(started))
        }
        report("| iOS QuickType tap on a passkey suggestion: sign, record the use (`CredentialProvider`, \(probes) taps) | median \(Measure.format(Measure.median(passkeyTaps))) | |")
        report("| beside it: a tap on a password suggestion of the same login (read it, record the use) | median \(Measure.format(Measure.median(passwordTaps))) | |")
    }
}
