import Foundation
import SesameCommandContract
import Testing

/// The JSON keys the `sesame` front writes (SesameCommandContract's `CommandJSON`) are the full CLI's: what
/// `sesame-cli … --json` prints for the front-served commands holds exactly the contract's keys at every level.
/// The full CLI's JSON types take these enums as their `CodingKeys`; this catches a property left out of them (it
/// would not be printed) and a key the core prints on its own (`totp`'s `OneTimeCode`).
@Suite struct FrontJSONKeyTests {
    static func names<Names: CaseIterable & RawRepresentable>(_: Names.Type) -> Set<String> where Names.RawValue == String {
        Set(Names.allCases.map(\.rawValue))
    }

    /// The keys of every object in `values` together.
    static func keys(_ values: [Any]) -> Set<String> {
        values.reduce(into: Set<String>()) { keys, value in
            if let object = value as? [String: Any] { keys.formUnion(object.keys) }
        }
    }

    static func objects(_ value: Any?) -> [Any] {
        (value as? [Any]) ?? []
    }

    @Test func theFullCLIPrintsTheContractsKeys() throws {
        let cli = try FrontReadTests.populated()
        defer { cli.stopAgent() }
        let file = cli.home + "/bitwarden.json"
        try PasskeyCLITests.bitwardenExport().json.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try cli.run(["import", file, "--password-stdin"], input: "master-pw\n").status == 0)
        func json(_ arguments: [String]) throws -> Any {
            let result = try cli.run(arguments, executable: "sesame-cli")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try cli.json(result)
        }

        #expect(Self.keys([try json(["fill", "site.example", "-u", "alice", "--json"])]) == Self.names(CommandJSON.Fill.self))
        #expect(Self.keys([try json(["totp", "Site alice", "--json"])]) == Self.names(CommandJSON.OneTimeCode.self))
        let summaries = Self.objects(try json(["list", "--json"]))
        #expect(!summaries.isEmpty && Self.keys(summaries) == Self.names(CommandJSON.Summary.self))
        // Every key is present in every row, null when it has no value.
        for arguments in [["match", "--json"], ["match", "site.example", "--json"]] {
            let rows = Self.objects(try json(arguments))
            #expect(!rows.isEmpty)
            for row in rows { #expect(Self.keys([row]) == Self.names(CommandJSON.Match.self), "\(arguments)") }
        }

        // Every item, revealed and not: the optional keys appear on some item.
        var items: [Any] = []
        for summary in summaries {
            let id = try #require((summary as? [String: Any])?["id"] as? String)
            items.append(try json(["show", id, "--json"]))
            items.append(try json(["show", id, "--json", "--reveal"]))
        }
        let nested = { (key: CommandJSON.Item) in items.flatMap { Self.objects(($0 as? [String: Any])?[key.rawValue]) } }
        // No command here can give an item an expiry or a passkey a last use; the front-against-full-program tests
        // compare those bytes where the agent has them.
        #expect(Self.keys(items).union([CommandJSON.Item.expires.rawValue]) == Self.names(CommandJSON.Item.self))
        #expect(Self.keys(nested(.urls)) == Self.names(CommandJSON.ItemURL.self))
        #expect(Self.keys(nested(.fields)) == Self.names(CommandJSON.Field.self))
        #expect(Self.keys(nested(.passwordHistory)) == Self.names(CommandJSON.HistoryEntry.self))
        #expect(Self.keys(nested(.passkeys)).union([CommandJSON.Passkey.lastUsed.rawValue]) == Self.names(CommandJSON.Passkey.self))
    }
}
