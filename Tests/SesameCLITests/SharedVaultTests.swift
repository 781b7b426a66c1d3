import Foundation
import Testing

/// The App Group case: several processes open one vault at the same time.
@Suite struct SharedVaultTests {
    // 400 whole processes, each deriving the key with Argon2id: minutes on a loaded two-core machine. The limit
    // only guards against a hang ("database is locked" waits would show up as errors, not as time).
    @Test(.timeLimit(.minutes(10)))
    func fourWritersAndAReaderShareOneVault() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let sesame = CLIHarness.executable("sesame")
        let writers = (0..<4).map { writer in
            let process = cli.makeProcess(["-c", """
                i=0
                while [ $i -lt 100 ]; do
                    i=$((i + 1))
                    printf 'master-pw\\npw-\(writer)-%s\\n' $i | "\(sesame)" add "writer \(writer) item $i" --url "https://w\(writer).example.com" --password-stdin >/dev/null 2>>"$HOME/errors-\(writer)" || exit 1
                done
                """], executable: "/bin/sh")
            return process
        }
        for writer in writers { try writer.run() }

        // A reader in another process, listing while the writers write: every listing must decrypt every item.
        var listings = 0
        var lastCount = 0
        while writers.contains(where: \.isRunning) {
            let result = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
            #expect(result.status == 0, "reader failed: \(result.stderr)")
            let count = (try? cli.json(result) as? [Any])?.count ?? -1
            #expect(count >= lastCount, "the reader saw items disappear")
            lastCount = count
            listings += 1
        }
        for writer in writers { writer.waitUntilExit() }
        for (index, writer) in writers.enumerated() {
            let errors = (try? String(contentsOfFile: cli.home + "/errors-\(index)", encoding: .utf8)) ?? ""
            #expect(writer.terminationStatus == 0, "writer \(index): \(errors)")
            #expect(!errors.contains("locked"), "writer \(index) saw: \(errors)")
        }
        #expect(listings > 0)
        let final = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        let rows = try #require(try cli.json(final) as? [[String: Any]])
        #expect(rows.count == 400)
        #expect(Set(rows.compactMap { $0["title"] as? String }).count == 400)
    }
}
