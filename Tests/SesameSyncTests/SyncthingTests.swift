import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import Testing

/// Two Syncthing instances (Debian's `syncthing`) on loopback, with discovery, relays and NAT off, each serving
/// one device's sync folder. The link is paused while both devices change the vault and resumed: Syncthing never
/// makes a conflict copy under `ops/` (files are single-writer and immutable) and both vaults converge.
@Suite(.serialized) struct SyncthingTests {
    static let syncthing = "/usr/bin/syncthing"

    final class Instance {
        let home: String
        let folder: String
        let guiPort: Int
        let apiKey = UUID().uuidString
        var deviceID = ""
        var process: Process?

        init(home: String, guiPort: Int) {
            self.home = home
            folder = home + "/sync"
            self.guiPort = guiPort
        }

        func generate() throws {
            let output = try SyncthingTests.capture([SyncthingTests.syncthing, "generate", "--home=\(home)", "--no-default-folder"])
            let line = try #require(output.split(separator: "\n").first { $0.contains("Device ID:") })
            deviceID = String(line.split(separator: " ").last!)
            try FileManager.default.createDirectory(atPath: folder + "/.stfolder", withIntermediateDirectories: true)
        }

        func writeConfig(peer: Instance, listenPort: Int, peerPort: Int) throws {
            func device(_ id: String, _ address: String) -> String {
                "<device id=\"\(id)\" name=\"\(id.prefix(7))\" compression=\"metadata\"><address>\(address)</address></device>"
            }
            let config = """
                <configuration version="36">
                    <folder id="sesame" label="sesame" path="\(folder)" type="sendreceive" rescanIntervalS="1" fsWatcherEnabled="false">
                        <device id="\(deviceID)"></device><device id="\(peer.deviceID)"></device>
                    </folder>
                    \(device(deviceID, "dynamic"))
                    \(device(peer.deviceID, "tcp://127.0.0.1:\(peerPort)"))
                    <gui enabled="true" tls="false"><address>127.0.0.1:\(guiPort)</address><apikey>\(apiKey)</apikey></gui>
                    <options>
                        <listenAddress>tcp://127.0.0.1:\(listenPort)</listenAddress>
                        <globalAnnounceEnabled>false</globalAnnounceEnabled>
                        <localAnnounceEnabled>false</localAnnounceEnabled>
                        <relaysEnabled>false</relaysEnabled>
                        <natEnabled>false</natEnabled>
                        <startBrowser>false</startBrowser>
                        <urAccepted>-1</urAccepted>
                        <crashReportingEnabled>false</crashReportingEnabled>
                        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                        <reconnectionIntervalS>1</reconnectionIntervalS>
                    </options>
                </configuration>
                """
            try config.write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
        }

        func start() throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: SyncthingTests.syncthing)
            process.arguments = ["serve", "--home=\(home)", "--no-browser", "--no-restart", "--no-upgrade"]
            process.environment = ["HOME": home, "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1", "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            self.process = process
        }

        /// Pauses or resumes the link to `peer` through the REST API.
        func setPaused(_ paused: Bool, peer: Instance) throws {
            _ = try SyncthingTests.capture([
                "/usr/bin/curl", "-sf", "-X", "POST", "-H", "X-API-Key: \(apiKey)",
                "http://127.0.0.1:\(guiPort)/rest/system/\(paused ? "pause" : "resume")?device=\(peer.deviceID)"])
        }

        func stop() {
            guard let process, process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }
    }

    static func capture(_ command: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Polls until `condition` holds, for at most `seconds`.
    static func wait(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(200_000)
        }
        return try condition()
    }

    static func files(under root: String) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter {
            !$0.hasPrefix(".st") && !$0.contains("/.syncthing.") && !$0.contains("/.tmp-")
        } ?? [])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: syncthing)))
    func pausedAndResumedSyncthingMakesNoConflictCopies() throws {
        let folder = TemporaryFolder()
        let base = Int.random(in: 20_000..<60_000)
        let a = Instance(home: folder.file("a"), guiPort: base)
        let b = Instance(home: folder.file("b"), guiPort: base + 1)
        defer { a.stop(); b.stop() }
        try a.generate()
        try b.generate()
        try a.writeConfig(peer: b, listenPort: base + 2, peerPort: base + 3)
        try b.writeConfig(peer: a, listenPort: base + 3, peerPort: base + 2)
        try a.start()
        try b.start()
        let folderA = FolderTransport(root: a.folder), folderB = FolderTransport(root: b.folder)

        let laptop = try makeSyncedVault(at: folder.file("laptop.sqlite"), transport: folderA)
        let shared = Item(title: "Shared", password: "0")
        try laptop.add(shared)
        _ = try laptop.sync(with: folderA)
        #expect(Self.wait(seconds: 60) { Self.files(under: b.folder) == Self.files(under: a.folder) })
        let phone = try cloneSyncedVault(at: folder.file("phone.sqlite"), transport: folderB)

        for round in 0..<2 {
            #expect(Self.wait(seconds: 30) { (try? a.setPaused(true, peer: b)) != nil })
            try laptop.add(Item(title: "laptop \(round)", password: "l"))
            try phone.add(Item(title: "phone \(round)", password: "p"))
            try laptop.updateItem(withID: shared.id) { $0.password = "laptop \(round)" }
            try phone.updateItem(withID: shared.id) { $0.password = "phone \(round)" }
            _ = try laptop.sync(with: folderA)
            _ = try phone.sync(with: folderB)
            try a.setPaused(false, peer: b)
            #expect(Self.wait(seconds: 60) { Self.files(under: b.folder) == Self.files(under: a.folder) })
            _ = try laptop.sync(with: folderA)
            _ = try phone.sync(with: folderB)
            #expect(Self.wait(seconds: 60) { Self.files(under: b.folder) == Self.files(under: a.folder) })
        }
        _ = try laptop.sync(with: folderA)
        _ = try phone.sync(with: folderB)
        #expect(try laptop.visibleState() == phone.visibleState())
        #expect(try laptop.allItems().items.count == 5)
        let conflictCopies = Self.files(under: a.folder).union(Self.files(under: b.folder)).filter { $0.contains("sync-conflict") }
        #expect(conflictCopies.isEmpty)
    }
}
