import Foundation
import Testing

/// libsecret's `secret-tool` against `sesame-secret-service` on a private bus: what every libsecret program does.
@Suite(.serialized) struct SecretToolTests {
    @Test func storeLookupSearchAndClearGoThroughTheVault() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        try bus.startService()

        let stored = try bus.secretTool(["store", "--label=Demo login", "service", "demo", "username", "alice"], input: "s3cret")
        #expect(stored.status == 0, "\(stored.stderr)")
        let lookup = try bus.secretTool(["lookup", "service", "demo", "username", "alice"])
        #expect(lookup.status == 0)
        #expect(lookup.stdout == "s3cret")

        // The item is a vault item: the CLI sees it, with its label as title.
        let listed = try bus.sesame(["list", "--json"])
        #expect(listed.stdout.contains("\"Demo login\""))

        // replace=true (secret-tool always sets it) overwrites the item with the same attributes.
        #expect(try bus.secretTool(["store", "--label=Demo login", "service", "demo", "username", "alice"], input: "n3w").status == 0)
        let search = try bus.secretTool(["search", "--all", "service", "demo"])
        #expect(search.stdout.components(separatedBy: "secret = ").count == 2, "one item, not two")
        #expect(search.stdout.contains("secret = n3w"))
        #expect(search.stderr.contains("attribute.username = alice"))

        // Other attributes do not match.
        #expect(try bus.secretTool(["lookup", "service", "demo", "username", "bob"]).status != 0)

        #expect(try bus.secretTool(["clear", "service", "demo", "username", "alice"]).status == 0)
        #expect(try bus.secretTool(["lookup", "service", "demo", "username", "alice"]).status != 0)
        // A client's clear moves the item to the trash, where the user can still restore it.
        let trash = try bus.sesame(["trash", "list", "--json"])
        #expect(trash.stdout.contains("\"Demo login\""))
    }

    @Test func loginsAddedWithSesameAreFoundByURLAndUserName() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        let added = try bus.sesame(["add", "GitHub", "--username", "alice", "--url", "https://github.com/login", "--url", "https://gist.github.com", "--password-stdin"], input: "gh-pass\n")
        #expect(added.status == 0, "\(added.stderr)")
        try bus.startService()

        #expect(try bus.secretTool(["lookup", "url", "https://github.com/login"]).stdout == "gh-pass")
        #expect(try bus.secretTool(["lookup", "url", "https://gist.github.com", "username", "alice"]).stdout == "gh-pass")
        #expect(try bus.secretTool(["lookup", "xdg:schema", "org.sesame.Login", "username", "alice"]).stdout == "gh-pass")
        #expect(try bus.secretTool(["lookup", "url", "https://github.com/login", "username", "bob"]).status != 0)
        let search = try bus.secretTool(["search", "username", "alice"])
        #expect(search.stdout.contains("label = GitHub"))
        #expect(search.stderr.contains("attribute.url = https://github.com/login"))
    }

    @Test func anotherProviderIsNamedAndReplacedOnlyWhenAsked() throws {
        let bus = try PrivateBusHarness()
        defer { bus.stop() }
        try bus.makeUnlockedVault()
        let first = try bus.startService()
        let owner = try bus.nameOwner()

        let second = try bus.run(PrivateBusHarness.executable("sesame-secret-service"), [])
        #expect(second.status == 1)
        #expect(second.stderr.contains("already provides org.freedesktop.secrets"))
        #expect(second.stderr.contains("--replace"))
        #expect(try bus.nameOwner() == owner)

        try bus.startService(["--replace"], waitForName: false)
        #expect(first.waitForExit(timeout: 10), "the replaced service stops")
        #expect(try bus.nameOwner() != owner)
        #expect(try bus.secretTool(["store", "--label=x", "k", "v"], input: "after").status == 0)
        #expect(try bus.secretTool(["lookup", "k", "v"]).stdout == "after")
    }
}
