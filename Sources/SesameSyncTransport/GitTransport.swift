import Foundation
import SesameSync

/// A git remote (any SSH host or forge) through the `git` executable, over a local work tree that only Sesame
/// touches. Each device commits only its own `ops/<device>/` files, so merging others' commits never conflicts:
/// a rejected push is followed by a pull and another push. Commits carry a constant author and date, so the
/// history says no more than the files do.
///
/// The remote is as untrusted as a synced folder: git runs with `core.symlinks=false`, so a link committed to the
/// remote is checked out as a plain file holding its target's name (and reported), and every file is read and
/// written through ``SyncRootDirectory``, which follows no link an older checkout may have left.
public struct GitTransport: SyncTransport {
    public let workTree: String
    public let remote: String
    /// How long one git command may run before it and every process it started (ssh, a credential helper) are
    /// stopped: a remote that never answers must not hold the agent's later rounds behind it for ever.
    public let timeLimitSeconds: Int
    static let branch = "main"
    static let attempts = 8

    private var folder: FolderTransport { FolderTransport(root: workTree) }

    public init(workTree: String, remote: String, timeLimitSeconds: Int = 300) {
        self.workTree = workTree
        self.remote = remote
        self.timeLimitSeconds = max(1, timeLimitSeconds)
    }

    /// Clones the remote into the work tree unless it is there already. An empty remote is fine.
    public func prepare() throws {
        if FileManager.default.fileExists(atPath: workTree + "/.git") { return }
        try FileManager.default.createDirectory(
            atPath: workTree, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try git(["init", "-q", "-b", Self.branch])
        try git(["remote", "add", "origin", remote])
        try pull()
    }

    public func pull() throws {
        try git(["fetch", "-q", "origin"])
        guard (try? git(["rev-parse", "-q", "--verify", "refs/remotes/origin/\(Self.branch)"])) != nil else { return }
        // Paths are disjoint per device, so this merge cannot conflict; a fast-forward when nothing is local. The
        // one shared file, vault.hdr, changes only at a master password change: when two devices changed it at
        // once, the remote's is taken here and the next round keeps whichever header supersedes the other.
        try git(["merge", "-q", "--no-edit", "-X", "theirs", "refs/remotes/origin/\(Self.branch)"])
    }

    public func readHeader() throws -> [UInt8]? { try folder.readHeader() }

    /// Writes, commits and pushes `vault.hdr` at once: every later commit descends from it, so clones never
    /// meet "unrelated histories".
    public func writeHeader(_ bytes: [UInt8]) throws {
        try folder.writeHeader(bytes)
        try git(["add", "--", SyncHeader.fileName])
        try commitAndPush()
    }

    public func listBatches() throws -> [BatchName] { try folder.listBatches() }
    public func readBatch(_ name: BatchName) throws -> [UInt8]? { try folder.readBatch(name) }
    public func writeBatch(_ name: BatchName, _ file: [UInt8]) throws { try folder.writeBatch(name, file) }

    public func readFile(_ path: String) throws -> [UInt8]? { try folder.readFile(path) }
    public func writeFile(_ path: String, _ bytes: [UInt8]) throws { try folder.writeFile(path, bytes) }
    public func removeFile(_ path: String) throws { try folder.removeFile(path) }
    public func listFiles(in path: String) throws -> [String] { try folder.listFiles(in: path) }
    public func fingerprint(of name: BatchName) throws -> [UInt8]? { try folder.fingerprint(of: name) }

    /// The work tree's links and special files, and links committed to the remote where Sesame's files live.
    public func unsafeEntries() throws -> [SyncFileRefusal] {
        var found = try folder.unsafeEntries()
        let reported = Set(found.map(\.path))
        // `-s`: mode, object, stage, tab, path; 120000 is a link, 160000 a submodule.
        let index = try git(["ls-files", "-s", "-z", "--", SyncHeader.fileName, "ops", "snap", "acks"])
        for record in index.split(separator: "\0") {
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let mode = record.prefix(6)
            let path = String(record[record.index(after: tab)...])
            guard mode == "120000" || mode == "160000", !reported.contains(path) else { continue }
            found.append(SyncFileRefusal(path: path, reason: .unsafeEntry(
                kind: mode == "120000" ? "a symbolic link in the remote" : "a submodule in the remote",
                expected: "a regular file")))
        }
        return found
    }

    public func publish(device: String) throws {
        // Only this device's own paths, additions and removals alike.
        let own = ["ops/\(device)", "snap/\(device)", "acks/\(device).ack"].filter {
            var status = stat()
            return lstat(workTree + "/" + $0, &status) == 0 || (try? git(["ls-files", "--error-unmatch", "--", $0])) != nil
        }
        guard !own.isEmpty else { return }
        try git(["add", "-A", "--"] + own)
        try commitAndPush()
    }

    private func commitAndPush() throws {
        if (try? git(["diff", "--cached", "--quiet"])) == nil {
            try git(["commit", "-q", "--no-verify", "-m", "sesame"])
        }
        for attempt in 1...Self.attempts {
            do {
                try git(["push", "-q", "origin", "HEAD:refs/heads/\(Self.branch)"])
                return
            } catch where attempt < Self.attempts {
                // Someone pushed first: take their commits (never a conflict) and try again.
                try pull()
            }
        }
    }

    /// `text` with the user information of any URL in it (`https://user:token@host`) left out: git's messages
    /// name the remote, and they reach the terminal and the agent's log.
    public static func redactingCredentials(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != " " }
            if let at = authority.lastIndex(of: "@") {
                result += "…@"
                rest = rest[rest.index(after: at)...]
            }
        }
        return result + rest
    }

    /// Runs git in the work tree with a fixed identity and date; fails with git's own first error line.
    @discardableResult
    private func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // coreutils' timeout runs git in a process group of its own and signals the whole group when time is up.
        process.arguments = ["timeout", "--kill-after=10", "\(timeLimitSeconds)",
                             "git", "-C", workTree, "-c", "user.name=sesame", "-c", "user.email=sesame@invalid",
                             "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null",
                             // A link in the remote becomes a plain file: nothing checked out points anywhere.
                             "-c", "core.symlinks=false"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_DATE"] = "2000-01-01T00:00:00Z"
        environment["GIT_COMMITTER_DATE"] = "2000-01-01T00:00:00Z"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw SyncError.transport("cannot run git") }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // 124: timeout stopped git; 137: it had to be killed.
        if process.terminationStatus == 124 || process.terminationStatus == 137 {
            throw SyncError.transport(
                "git \(arguments.first ?? "") did not finish within \(timeLimitSeconds) seconds and was stopped")
        }
        guard process.terminationStatus == 0 else {
            let line = String(decoding: errorData, as: UTF8.self).split(separator: "\n").first.map(String.init)
            throw SyncError.transport(
                "git \(arguments.first ?? ""): \(line.map(Self.redactingCredentials) ?? "exit status \(process.terminationStatus)")")
        }
        return String(decoding: outputData, as: UTF8.self)
    }
}
