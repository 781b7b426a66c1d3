import Foundation
import Testing

/// What Auto-Type needs on this machine: an X server, a window manager, Tk and xprop (Debian: xvfb, openbox,
/// python3-tk, x11-utils, x11-xkb-utils).
let autoTypeCanRun: Bool = {
    let tools = ["/usr/bin/Xvfb", "/usr/bin/openbox", "/usr/bin/python3", "/usr/bin/xprop", "/usr/bin/setxkbmap"]
    guard tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", "import tkinter"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// `sesame-autotype` typing into a Tk login form on a private Xvfb with openbox (Scripts/autotype_scenarios.py),
/// from a vault unlocked in a private agent.
@Suite(.enabled(if: autoTypeCanRun, "needs Xvfb, openbox, python3-tk, xprop and setxkbmap"))
struct AutoTypeX11Tests {
    final class Home {
        let path = FileManager.default.temporaryDirectory.path + "/sesame-autotype-" + UUID().uuidString
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        var environment: [String: String] {
            [
                "HOME": path, "XDG_DATA_HOME": path + "/data", "XDG_RUNTIME_DIR": path + "/run", "PATH": "/usr/bin:/bin",
                "LANG": "C.UTF-8", "NO_COLOR": "1", "SESAME_BIN": bin, "PYTHONDONTWRITEBYTECODE": "1",
            ]
        }

        init() throws {
            try FileManager.default.createDirectory(atPath: path + "/run", withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try run(bin + "/sesame", ["init", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: "master-pw\n")
            try run(bin + "/sesame", ["unlock", "--password-stdin"], input: "master-pw\n")
        }

        deinit {
            _ = try? run(bin + "/sesame", ["agent", "--stop"])
            try? FileManager.default.removeItem(atPath: path)
        }

        @discardableResult
        func run(_ executable: String, _ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = environment
            process.currentDirectoryURL = URL(fileURLWithPath: path)
            let stdin = Pipe(), output = Pipe()
            process.standardInput = stdin
            process.standardOutput = output
            process.standardError = output
            try process.run()
            try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        func scenario(_ name: String) throws -> (status: Int32, output: String) {
            let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts").path
            return try run("/usr/bin/python3", [scripts + "/autotype_scenarios.py", name])
        }
    }

    @Test func asciiAndGrüßeEuroAreTypedWithTheUSLayout() throws {
        let result = try Home().scenario("us_layout")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aGermanLayoutWithDeadKeysTypesTheSameText() throws {
        let result = try Home().scenario("german_layout")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aFocusChangeWhileTypingStopsIt() throws {
        let result = try Home().scenario("focus_change_aborts")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func severalCandidatesTypeNothingUntilOneIsNamed() throws {
        let result = try Home().scenario("several_candidates_type_nothing")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func anItemsOwnSequenceIsTypedWithItsModifiers() throws {
        let result = try Home().scenario("custom_sequence")
        #expect(result.status == 0, "\(result.output)")
    }
}
