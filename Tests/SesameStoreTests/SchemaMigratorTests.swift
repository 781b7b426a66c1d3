import Foundation
import Testing
@testable import SesameStore

/// The migration list's rules on a bare database: each step once and in order, a failed run leaves the file as
/// it was, a newer file is refused; and the vault's own list is numbered and named as the migrator requires.
@Suite struct SchemaMigratorTests {
    let folder = TemporaryFolder()

    private func database() throws -> Database {
        try Database(path: folder.file("test.sqlite"), create: true)
    }

    private func tables(_ database: Database) throws -> [String] {
        let statement = try database.statement("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        defer { statement.reset() }
        var names: [String] = []
        while try statement.step() { names.append(statement.string(at: 0) ?? "") }
        return names
    }

    private let twoSteps = SchemaMigrator([
        .init(version: 1, name: "first", sql: "CREATE TABLE first (a INTEGER) STRICT"),
        .init(version: 2, name: "second", sql: "CREATE TABLE second (b INTEGER) STRICT; INSERT INTO first VALUES (1)"),
    ])

    @Test func eachStepRunsOnceInOrder() throws {
        let database = try database()
        try twoSteps.migrate(database)
        #expect(try SchemaMigrator.version(of: database) == 2)
        #expect(try tables(database) == ["first", "second"])
        // A second run finds nothing to do: the steps' CREATE TABLEs would fail if they ran again.
        try twoSteps.migrate(database)
        #expect(try database.scalarInt("SELECT count(*) FROM first") == 1)
    }

    @Test func aStepAddedLaterRunsAlone() throws {
        let database = try database()
        try SchemaMigrator([twoSteps.migrations[0]]).migrate(database)
        #expect(try SchemaMigrator.version(of: database) == 1)
        try twoSteps.migrate(database)
        #expect(try SchemaMigrator.version(of: database) == 2 && tables(database) == ["first", "second"])
    }

    @Test func aFailingStepRollsBackTheWholeRun() throws {
        let database = try database()
        let failing = SchemaMigrator(twoSteps.migrations + [
            .init(version: 3, name: "broken", sql: "CREATE TABLE third (c INTEGER) STRICT; INSERT INTO nowhere VALUES (1)"),
        ])
        #expect(throws: DatabaseError.self) { try failing.migrate(database) }
        #expect(try SchemaMigrator.version(of: database) == 0)
        #expect(try tables(database).isEmpty)
        #expect(!database.isInsideTransaction)
    }

    @Test func aNewerFileIsRefusedUntouched() throws {
        let database = try database()
        try database.execute("PRAGMA user_version = 3")
        #expect(throws: VaultError.newerFormat(found: 3, supported: 2)) { try twoSteps.migrate(database) }
        #expect(try SchemaMigrator.version(of: database) == 3 && tables(database).isEmpty)
    }

    @Test func theVaultsStepsAreNumberedAndNamed() {
        let steps = Schema.migrator.migrations
        #expect(steps.map(\.version) == Array(1...steps.count))
        #expect(Set(steps.map(\.name)).count == steps.count)
        #expect(Schema.latestVersion == 5)
    }
}
