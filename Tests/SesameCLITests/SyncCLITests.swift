import Foundation
import Testing

/// `sesame sync` and `sesame conflicts` end to end: two vaults of one user over a shared folder.
@Suite struct SyncCLITests {
    @Test func setupCloneSyncConflictKeepAndStatus() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let folder = cli.home + "/Sync/sesame"
        let laptop = ["--vault", cli.vault], phone = ["--vault", cli.home + "/phone.sqlite"]
        let pw = "master-pw\n"
        #expect(try cli.run(["add", "Router", "--password-stdin"] + laptop, input: pw + "first\n").status == 0)
        let setup = try cli.run(["sync", "setup", "folder", folder, "--password-stdin"] + laptop, input: pw)
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/vault.hdr"))
        let again = try cli.run(["sync", "setup", "folder", folder, "--password-stdin"] + laptop, input: pw)
        #expect(again.status == 1)

        let wrong = try cli.run(["sync", "clone", "folder", folder, "--password-stdin"] + phone, input: "nope\n")
        #expect(wrong.status == 2, "\(wrong.stderr)")
        let clone = try cli.run(["sync", "clone", "folder", folder, "--password-stdin", "--json"] + phone, input: pw)
        #expect(clone.status == 0, "\(clone.stderr)")
        let listed = try cli.run(["list", "--json", "--password-stdin"] + phone, input: pw)
        #expect((try cli.json(listed) as? [[String: Any]])?.first?["title"] as? String == "Router")

        // Both change the password offline, then sync: nothing is lost, one conflict appears on both.
        #expect(try cli.run(["edit", "Router", "--password", "--password-stdin"] + laptop, input: pw + "laptop-pw\n").status == 0)
        #expect(try cli.run(["edit", "Router", "--password", "--password-stdin"] + phone, input: pw + "phone-pw\n").status == 0)
        for vault in [laptop, phone, laptop] {
            let run = try cli.run(["sync", "--password-stdin"] + vault, input: pw)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let conflicts = try cli.run(["conflicts", "--json", "--password-stdin"] + phone, input: pw)
        let list = try #require(try cli.json(conflicts) as? [[String: Any]])
        #expect(list.count == 1)
        #expect((list.first?["versions"] as? [[String: Any]])?.count == 2)
        #expect(!conflicts.stdout.contains("laptop-pw") && !conflicts.stdout.contains("phone-pw"))
        #expect(list.first?["title"] as? String == "Router")
        #expect((list.first?["versions"] as? [[String: Any]])?.last?["differs"] as? [String] == ["password"])
        let table = try cli.run(["conflicts", "--password-stdin"] + phone, input: pw)
        #expect(table.stdout.contains("password"), "the list says which field differs: \(table.stdout)")
        // Issue 26: named by title as everywhere; which fields differ, their values only with --reveal.
        let differing = try cli.run(["conflicts", "show", "Router", "--password-stdin"] + phone, input: pw)
        #expect(differing.status == 0, "\(differing.stderr)")
        #expect(differing.stdout.contains("Password:\n  1  ******** (differs; use --reveal to show)\n  2  ********"), "\(differing.stdout)")
        #expect(!differing.stdout.contains("laptop-pw") && !differing.stdout.contains("phone-pw"))
        let revealed = try cli.run(["conflicts", "show", "rout", "--reveal", "--password-stdin"] + phone, input: pw)
        #expect(revealed.stdout.contains("laptop-pw") && revealed.stdout.contains("phone-pw"), "\(revealed.stdout)")
        // The same through the unlocked agent, which asks for nothing.
        #expect(try cli.run(["unlock", "--password-stdin"] + phone, input: pw).status == 0)
        let served = try cli.run(["conflicts", "show", "Router", "--reveal"] + phone)
        #expect(served.status == 0 && served.stdout == revealed.stdout, "\(served.stderr)")
        let keep = try cli.run(["conflicts", "keep", "Router", "2"] + phone)
        #expect(keep.status == 0, "\(keep.stderr)")
        _ = try cli.run(["agent", "--stop"])
        for vault in [phone, laptop] { #expect(try cli.run(["sync", "--password-stdin"] + vault, input: pw).status == 0) }
        let shown = try [laptop, phone].map { vault in
            try cli.json(try cli.run(["show", "Router", "--reveal", "--json", "--password-stdin"] + vault, input: pw))
                as? [String: Any]
        }
        #expect(shown[0]?["password"] as? String == shown[1]?["password"] as? String)
        #expect(try cli.run(["conflicts", "--password-stdin"] + laptop, input: pw).stdout.contains("No conflicts."))

        let status = try cli.run(["sync", "status", "--json", "--password-stdin"] + laptop, input: pw)
        let summary = try #require(try cli.json(status) as? [String: Any])
        #expect((summary["devices"] as? [[String: Any]])?.count == 2)
        #expect(summary["pendingChanges"] as? Int == 0)
        #expect(try cli.run(["sync", "nonsense", "--password-stdin"] + laptop, input: pw).status == 64)
    }

    @Test func afterPasswdNewDevicesJoinWithTheNewPasswordOnly() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let folder = cli.home + "/Sync/sesame"
        let laptop = ["--vault", cli.vault], phone = ["--vault", cli.home + "/phone.sqlite"]
        let old = "master-pw\n", new = "brand-new-pw\n"
        #expect(try cli.run(["add", "Router", "--password-stdin"] + laptop, input: old + "first\n").status == 0)
        #expect(try cli.run(["sync", "setup", "folder", folder, "--password-stdin"] + laptop, input: old).status == 0)
        #expect(try cli.run(["sync", "clone", "folder", folder, "--password-stdin"] + phone, input: old).status == 0)

        let passwd = try cli.run(["passwd", "--allow-weak-password", "--password-stdin"] + laptop, input: old + new)
        #expect(passwd.status == 0, "\(passwd.stderr)")
        let sync = try cli.run(["sync", "--password-stdin"] + laptop, input: new)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("Published the vault header"))
        let header = FileManager.default.contents(atPath: folder + "/vault.hdr")

        let tablet = ["--vault", cli.home + "/tablet.sqlite"]
        let refused = try cli.run(["sync", "clone", "folder", folder, "--password-stdin"] + tablet, input: old)
        #expect(refused.status == 2, "the old password no longer opens the synced header: \(refused.stderr)")
        let joined = try cli.run(["sync", "clone", "folder", folder, "--password-stdin"] + tablet, input: new)
        #expect(joined.status == 0, "\(joined.stderr)")
        let listed = try cli.run(["list", "--json", "--password-stdin"] + tablet, input: new)
        #expect((try cli.json(listed) as? [[String: Any]])?.first?["title"] as? String == "Router")

        // The phone keeps its own password; it adopts the new header (never putting back its old one) but
        // publishes nothing under the retired key until it is given the new password once.
        #expect(try cli.run(["add", "Phone item", "--password-stdin"] + phone, input: old + "second\n").status == 0)
        for _ in 0..<2 {
            let run = try cli.run(["sync", "--password-stdin"] + phone, input: old)
            #expect(run.status == 1 && run.stderr.contains("sesame sync password"), "\(run.stderr)")
            #expect(run.stdout.contains("sealed under a key this device does not hold yet")
                    && !run.stdout.contains("wait for an earlier one"), "\(run.stdout)")
            #expect(FileManager.default.contents(atPath: folder + "/vault.hdr") == header)
        }
        let status = try cli.json(try cli.run(["sync", "status", "--json", "--password-stdin"] + phone, input: old))
        #expect((status as? [String: Any])?["newPasswordNeeded"] as? Bool == true)
        let wrong = try cli.run(["sync", "password", "--password-stdin"] + phone, input: old + old)
        #expect(wrong.status == 2, "\(wrong.stderr)")
        let adopted = try cli.run(["sync", "password", "--password-stdin"] + phone, input: old + new)
        #expect(adopted.status == 0, "\(adopted.stderr)")
        let published = try cli.run(["sync", "--password-stdin"] + phone, input: old)
        #expect(published.status == 0 && published.stdout.contains("published 1"), "\(published.stderr)")
        #expect(FileManager.default.contents(atPath: folder + "/vault.hdr") == header)
        #expect(try cli.run(["sync", "--password-stdin"] + tablet, input: new).status == 0)
        let titles = try cli.json(try cli.run(["list", "--json", "--password-stdin"] + tablet, input: new)) as? [[String: Any]]
        #expect(Set(titles?.compactMap { $0["title"] as? String } ?? []) == ["Router", "Phone item"])
        let nothing = try cli.run(["sync", "password", "--password-stdin"] + phone, input: old)
        #expect(nothing.status == 0 && nothing.stdout.contains("nothing to do"), "\(nothing.stderr)")
    }

    /// Offline (the git remote gone), `sync password` takes the new key from the header an earlier round adopted.
    @Test func syncPasswordWorksOfflineFromTheAdoptedHeader() throws {
        let cli = CLIHarness()
        let remote = cli.home + "/remote.git"
        let initBare = Process()
        initBare.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        initBare.arguments = ["init", "-q", "--bare", remote]
        try initBare.run()
        initBare.waitUntilExit()
        let laptop = ["--vault", cli.vault], phone = ["--vault", cli.home + "/phone.sqlite"]
        let old = "master-pw\n", new = "brand-new-pw\n"
        try cli.initVault()
        #expect(try cli.run(["sync", "setup", "git", "file://" + remote, "--password-stdin"] + laptop, input: old).status == 0)
        #expect(try cli.run(["sync", "clone", "git", "file://" + remote, "--password-stdin"] + phone, input: old).status == 0)
        #expect(try cli.run(["passwd", "--allow-weak-password", "--password-stdin"] + laptop, input: old + new).status == 0)
        #expect(try cli.run(["sync", "--password-stdin"] + laptop, input: new).status == 0)
        #expect(try cli.run(["sync", "--password-stdin"] + phone, input: old).status == 1, "the phone learns of the change")
        try FileManager.default.removeItem(atPath: remote)
        let adopted = try cli.run(["sync", "password", "--password-stdin"] + phone, input: old + new)
        #expect(adopted.status == 0, "\(adopted.stderr)")
        #expect(adopted.stderr.hasPrefix("Warning: Sync transport failed") && adopted.stderr.contains("already has"))
        #expect(adopted.stdout.contains("Took in the new key"))
    }

    /// A copy of the laptop's vault (same device id) publishes its own batch 2 while the transport withholds
    /// the laptop's: the phone, which applied the laptop's, reports the equivocation in `sync` and `status`.
    @Test func equivocationIsReportedBySyncAndStatus() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let folder = cli.home + "/Sync/sesame"
        let laptop = ["--vault", cli.vault], phone = ["--vault", cli.home + "/phone.sqlite"]
        let copy = ["--vault", cli.home + "/copy.sqlite"]
        let pw = "master-pw\n"
        #expect(try cli.run(["add", "Router", "--password-stdin"] + laptop, input: pw + "first\n").status == 0)
        #expect(try cli.run(["sync", "setup", "folder", folder, "--password-stdin"] + laptop, input: pw).status == 0)
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: cli.vault + suffix) {
            try FileManager.default.copyItem(atPath: cli.vault + suffix, toPath: copy[1] + suffix)
        }
        #expect(try cli.run(["sync", "clone", "folder", folder, "--password-stdin"] + phone, input: pw).status == 0)
        #expect(try cli.run(["add", "Real", "--password-stdin"] + laptop, input: pw + "real\n").status == 0)
        #expect(try cli.run(["sync", "--password-stdin"] + laptop, input: pw).status == 0)
        #expect(try cli.run(["sync", "--password-stdin"] + phone, input: pw).status == 0)
        let status = try cli.json(try cli.run(["sync", "status", "--json", "--password-stdin"] + laptop, input: pw))
        let device = try #require((status as? [String: Any])?["device"] as? String)
        let batch = "ops/\(device)/000000000002.sop"
        try FileManager.default.removeItem(atPath: folder + "/" + batch)
        #expect(try cli.run(["add", "Forked", "--password-stdin"] + copy, input: pw + "forked\n").status == 0)
        #expect(try cli.run(["sync", "--password-stdin"] + copy, input: pw).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/" + batch))

        let run = try cli.run(["sync", "--password-stdin"] + phone, input: pw)
        #expect(run.status == 1)
        #expect(run.stderr.contains(
            "Warning: refused \(batch): Device \(device.prefix(8)) published two different files with sequence number 2."),
            "\(run.stderr)")
        let json = try cli.json(try cli.run(["sync", "status", "--json", "--password-stdin"] + phone, input: pw))
        #expect((json as? [String: Any])?["equivocations"] as? [String] == [batch])
        let text = try cli.run(["sync", "status", "--password-stdin"] + phone, input: pw)
        #expect(text.stdout.contains("Equivocation: device \(device.prefix(8)) published two different files as \(batch)"))
        let titles = try cli.run(["list", "--password-stdin"] + phone, input: pw).stdout
        #expect(titles.contains("Real") && !titles.contains("Forked"))
    }

    @Test func withTheAgentUnlockedSyncAsksForNothingAndRunsByItself() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let folder = cli.home + "/Sync/sesame"
        #expect(try cli.run(["sync", "setup", "folder", folder, "--password-stdin"], input: "master-pw\n").status == 0)
        let on = try cli.run(["sync", "auto", "on", "--interval", "10s"])
        #expect(on.status == 0, "\(on.stderr)")
        #expect(on.stdout.contains("Automatic sync: every 10s"))
        #expect(try cli.run(["sync", "auto", "on", "--interval", "2s"]).status == 64)
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)

        // Added through the agent, published by the agent's own round (a couple of seconds later) or by
        // `sesame sync`, which the agent runs without asking for the master password.
        #expect(try cli.run(["add", "Laptop item", "--password-stdin"], input: "item-pw\n").status == 0)
        let sync = try cli.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("Synced through the agent"))
        let phone = ["--vault", cli.home + "/phone.sqlite"]
        #expect(try cli.run(["sync", "clone", "folder", folder, "--password-stdin"] + phone, input: "master-pw\n").status == 0)
        let listed = try cli.run(["list", "--json", "--password-stdin"] + phone, input: "master-pw\n")
        #expect((try cli.json(listed) as? [[String: Any]])?.first?["title"] as? String == "Laptop item")

        let status = try cli.run(["sync", "status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        let auto = try #require((try cli.json(status) as? [String: Any])?["autoSync"] as? [String: Any])
        #expect(auto["interval"] as? Double == 10)
        #expect(auto["lastRun"] != nil && auto["lastError"] == nil)
        let off = try cli.run(["sync", "auto", "off"])
        #expect(off.stdout.contains("Automatic sync: off"))
    }
}
