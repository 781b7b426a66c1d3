import Foundation
import Testing

/// Real git against a local HTTP server that requires Basic auth, with credentials only from Sesame.
@Suite(.serialized) struct GitEndToEndTests {
    /// A vault with an unlocked agent, a bare repository with one commit behind the server, and git configured to
    /// use the built helper. Everything lives in the harness's private home and stops with it.
    final class GitWorld {
        let cli = CLIHarness()
        private(set) var server: GitHTTPServer!
        let helper = CLIHarness.executable("git-credential-sesame")
        var url: String { "http://127.0.0.1:\(server.port)/repo.git" }
        var host: String { "127.0.0.1:\(server.port)" }

        init() throws {
            try cli.initVault()
            cli.setEnvironment("GIT_CONFIG_NOSYSTEM", "1")
            cli.setEnvironment("GIT_TERMINAL_PROMPT", "0")
            cli.setEnvironment("GIT_AUTHOR_NAME", "Test")
            cli.setEnvironment("GIT_AUTHOR_EMAIL", "test@example.invalid")
            cli.setEnvironment("GIT_COMMITTER_NAME", "Test")
            cli.setEnvironment("GIT_COMMITTER_EMAIL", "test@example.invalid")
            let unlock = try cli.run(["unlock", "--password-stdin"], input: "master-pw\n")
            precondition(unlock.status == 0, "unlock failed: \(unlock.stderr)")
            let root = cli.home + "/srv"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try git(["init", "-q", "--bare", root + "/repo.git"])
            try git(["init", "-q", cli.home + "/seed"])
            try "hello\n".write(toFile: cli.home + "/seed/README", atomically: true, encoding: .utf8)
            try git(["-C", cli.home + "/seed", "add", "README"])
            try git(["-C", cli.home + "/seed", "commit", "-q", "-m", "first"])
            try git(["-C", cli.home + "/seed", "push", "-q", root + "/repo.git", "HEAD:refs/heads/main"])
            try git(["--git-dir", root + "/repo.git", "symbolic-ref", "HEAD", "refs/heads/main"])
            server = try GitHTTPServer(root: root, user: "alice", password: "s3cret")
        }

        deinit {
            server?.stop()
            _ = try? cli.run(["agent", "--stop"])
        }

        @discardableResult
        func git(_ arguments: [String], input: String = "") throws -> CLIResult {
            try cli.run(["-c", "credential.helper=", "-c", "credential.helper=\(helper)"] + arguments,
                        input: input, executable: "/usr/bin/git")
        }

        func addLogin(password: String) throws -> String {
            let added = try cli.run(["add", "Local git", "--url", "http://\(host)", "--username", "alice",
                                     "--password-stdin", "--json"], input: password + "\n")
            precondition(added.status == 0, "add failed: \(added.stderr)")
            return (try cli.json(added) as? [String: Any])?["id"] as? String ?? ""
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func cloneAndPushWithCredentialsOnlyFromSesame() throws {
        let world = try GitWorld()
        // No credential yet: git fails at once instead of hanging on a prompt.
        let refused = try world.git(["clone", "-q", world.url, world.cli.home + "/refused"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("terminal prompts disabled") || refused.stderr.contains("Authentication failed"),
                "\(refused.stderr)")

        let id = try world.addLogin(password: "s3cret")
        let clone = try world.git(["clone", "-q", world.url, world.cli.home + "/work"])
        #expect(clone.status == 0, "\(clone.stderr)")
        try "more\n".write(toFile: world.cli.home + "/work/MORE", atomically: true, encoding: .utf8)
        try world.git(["-C", world.cli.home + "/work", "add", "MORE"])
        try world.git(["-C", world.cli.home + "/work", "commit", "-q", "-m", "second"])
        let push = try world.git(["-C", world.cli.home + "/work", "push", "-q", "origin", "HEAD:main"])
        #expect(push.status == 0, "\(push.stderr)")

        // git's `store` after each success updated the same item: still one login, used (so first next time).
        let list = try world.cli.run(["list", "--json"])
        let rows = try #require(try world.cli.json(list) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["id"] as? String == id)

        // With a user name in the URL, the helper matches that user.
        let named = try world.git(["clone", "-q", "http://alice@\(world.host)/repo.git", world.cli.home + "/named"])
        #expect(named.status == 0, "\(named.stderr)")
    }

    @Test(.timeLimit(.minutes(10)))
    func rejectedPasswordGoesToTheTrashAndGitFallsBack() throws {
        let world = try GitWorld()
        let id = try world.addLogin(password: "wrong-password")
        let clone = try world.git(["clone", "-q", world.url, world.cli.home + "/work"])
        #expect(clone.status != 0)
        #expect(clone.stderr.contains("Authentication failed") || clone.stderr.contains("terminal prompts disabled"),
                "\(clone.stderr)")
        // git ran `erase`: the login is in the trash, not destroyed, and `get` no longer returns it.
        let trash = try world.cli.run(["trash", "list", "--json"])
        let trashed = try #require(try world.cli.json(trash) as? [[String: Any]])
        #expect(trashed.compactMap { $0["id"] as? String } == [id])
        let fill = try world.git(["credential", "fill"], input: "protocol=http\nhost=\(world.host)\n\n")
        #expect(fill.status != 0)
        #expect(!fill.stdout.contains("password=wrong-password"))
        // Restored, it is served again.
        #expect(try world.cli.run(["trash", "restore", id]).status == 0)
        let again = try world.git(["credential", "fill"], input: "protocol=http\nhost=\(world.host)\n\n")
        #expect(again.stdout.contains("password=wrong-password"))
    }

    @Test(.timeLimit(.minutes(10)))
    func eightParallelFetchesAllSucceed() throws {
        let world = try GitWorld()
        _ = try world.addLogin(password: "s3cret")
        let clone = try world.git(["clone", "-q", world.url, world.cli.home + "/work"])
        #expect(clone.status == 0, "\(clone.stderr)")
        let fetches = (0..<8).map { _ in
            let process = world.cli.makeProcess(
                ["-c", "credential.helper=", "-c", "credential.helper=\(world.helper)", "-C", world.cli.home + "/work",
                 "fetch", "-q", "origin"], executable: "/usr/bin/git")
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for fetch in fetches { try fetch.run() }
        for fetch in fetches { fetch.waitUntilExit() }
        #expect(fetches.allSatisfy { $0.terminationStatus == 0 }, "\(fetches.map(\.terminationStatus))")
    }

    @Test(.timeLimit(.minutes(10)))
    func lockedVaultWithoutPromptsGivesNothingAndGitFailsAtOnce() throws {
        let world = try GitWorld()
        _ = try world.addLogin(password: "s3cret")
        #expect(try world.cli.run(["lock"]).status == 0)
        let fill = try world.cli.run(["get"], input: "protocol=http\nhost=\(world.host)\n\n", executable: world.helper)
        #expect(fill.status == 0)
        #expect(fill.stdout == "")
        let clone = try world.git(["clone", "-q", world.url, world.cli.home + "/work"])
        #expect(clone.status != 0)
        #expect(clone.stderr.contains("terminal prompts disabled"), "\(clone.stderr)")
    }

    @Test func helperProtocolThroughGitCredential() throws {
        let world = try GitWorld()
        let approve = try world.git(["credential", "approve"],
                                    input: "protocol=https\nhost=git.example.com:8443\nusername=bob\npassword=pw1\n\n")
        #expect(approve.status == 0)
        let fill = try world.git(["credential", "fill"], input: "protocol=https\nhost=git.example.com:8443\n\n")
        #expect(fill.stdout.contains("username=bob\n") && fill.stdout.contains("password=pw1\n"), "\(fill.stdout) \(fill.stderr)")
        let capability = try world.cli.run(["capability"], executable: world.helper)
        #expect(capability.stdout == "version 0\ncapability authtype\n")
        let unknown = try world.cli.run(["frobnicate"], input: "protocol=https\nhost=x\n\n", executable: world.helper)
        #expect(unknown.status == 0 && unknown.stdout.isEmpty && unknown.stderr.isEmpty)
    }
}

/// Hostile hosts through the real `git credential fill`: each once returned a.example's password.
@Suite(.serialized) struct GitHostParsingEndToEndTests {
    @Test(.timeLimit(.minutes(10)))
    func hostsThatAreNotPlainGetNoCredential() throws {
        let world = try GitEndToEndTests.GitWorld()
        let added = try world.cli.run(["add", "A", "--url", "https://a.example", "--username", "alice", "--password-stdin"],
                                      input: "s3cret\n")
        #expect(added.status == 0, "\(added.stderr)")
        let good = try world.git(["credential", "fill"], input: "protocol=https\nhost=a.example\n\n")
        #expect(good.stdout.contains("password=s3cret"), "\(good.stdout) \(good.stderr)")
        let requests = [
            "protocol=https\nhost=evil.example@a.example\n\n",
            "protocol=https\nhost=a.example/.evil.example\n\n",
            "protocol=https\nhost=a.example#.evil.example\n\n",
            "protocol=https\nhost=a.example?.evil.example\n\n",
            "protocol=https://a.example#\nhost=evil.example\n\n",
            "url=https://evil.example%40a.example/\n\n",
            "protocol=https\nhost=a.example:0\n\n",
        ]
        for request in requests {
            let fill = try world.git(["credential", "fill"], input: request)
            #expect(fill.status != 0, "\(request.debugDescription): \(fill.stdout)")
            #expect(!fill.stdout.contains("s3cret"), "\(request.debugDescription): \(fill.stdout)")
            #expect(!fill.stderr.contains("git-credential-sesame"), "\(request.debugDescription): \(fill.stderr)")
        }
    }

    /// `sesame add X --url b.example` means https only.
    @Test(.timeLimit(.minutes(10)))
    func aBareStoredHostIsNeverSentOverHTTP() throws {
        let world = try GitEndToEndTests.GitWorld()
        let added = try world.cli.run(["add", "B", "--url", "b.example", "--username", "bob", "--password-stdin"],
                                      input: "bare-pw\n")
        #expect(added.status == 0, "\(added.stderr)")
        let https = try world.git(["credential", "fill"], input: "protocol=https\nhost=b.example\n\n")
        #expect(https.stdout.contains("password=bare-pw"), "\(https.stdout) \(https.stderr)")
        let http = try world.git(["credential", "fill"], input: "protocol=http\nhost=b.example\n\n")
        #expect(http.status != 0)
        #expect(!http.stdout.contains("bare-pw"))
    }
}

/// git's own helper suite, t0303 "credential external helpers": the 12 cases of `helper_test` in git's
/// t/lib-credential.sh, run as git runs them (`git credential fill|approve|reject` with an askpass that answers
/// `askpass-username` / `askpass-password` and reports its prompts on stderr), comparing stdout and stderr exactly.
@Suite(.serialized) struct GitHelperSuiteTests {
    struct Check {
        let name: String
        let command: String
        let input: String
        let stdout: String
        let stderr: String
        var useHTTPPath = false

        init(_ name: String, _ command: String, _ input: String, _ stdout: String = "", _ stderr: String = "",
             useHTTPPath: Bool = false) {
            self.name = name
            self.command = command
            self.input = input
            self.stdout = stdout
            self.stderr = stderr
            self.useHTTPPath = useHTTPPath
        }
    }

    static func askpassPrompts(_ url: String, user: String? = nil) -> String {
        let host = url.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        let withUser = "\(host[0])//\(user ?? "askpass-username")@\(host[2])"
        return (user == nil ? "askpass: Username for '\(url)':\n" : "") + "askpass: Password for '\(withUser)':\n"
    }

    static let asked = "username=askpass-username\npassword=askpass-password\n"

    static let checks: [Check] = [
        Check("has no existing data", "fill", "protocol=https\nhost=example.com\n",
              "protocol=https\nhost=example.com\n" + asked, askpassPrompts("https://example.com")),
        Check("stores password", "approve", "protocol=https\nhost=example.com\nusername=store-user\npassword=store-pass\n"),
        Check("can retrieve password", "fill", "protocol=https\nhost=example.com\n",
              "protocol=https\nhost=example.com\nusername=store-user\npassword=store-pass\n"),
        Check("requires matching protocol", "fill", "protocol=http\nhost=example.com\n",
              "protocol=http\nhost=example.com\n" + asked, askpassPrompts("http://example.com")),
        Check("requires matching host", "fill", "protocol=https\nhost=other.tld\n",
              "protocol=https\nhost=other.tld\n" + asked, askpassPrompts("https://other.tld")),
        Check("requires matching username", "fill", "protocol=https\nhost=example.com\nusername=other\n",
              "protocol=https\nhost=example.com\nusername=other\npassword=askpass-password\n",
              askpassPrompts("https://example.com", user: "other")),
        Check("requires matching path (approve)", "approve",
              "protocol=http\nhost=path.tld\npath=foo.git\nusername=user\npassword=pass\n", useHTTPPath: true),
        Check("requires matching path", "fill", "protocol=http\nhost=path.tld\npath=bar.git\n",
              "protocol=http\nhost=path.tld\npath=bar.git\n" + asked, askpassPrompts("http://path.tld/bar.git"),
              useHTTPPath: true),
        Check("can forget host (reject)", "reject", "protocol=https\nhost=example.com\n"),
        Check("can forget host", "fill", "protocol=https\nhost=example.com\n",
              "protocol=https\nhost=example.com\n" + asked, askpassPrompts("https://example.com")),
        Check("can store multiple users (1)", "approve", "protocol=https\nhost=example.com\nusername=user1\npassword=pass1\n"),
        Check("can store multiple users (2)", "approve", "protocol=https\nhost=example.com\nusername=user2\npassword=pass2\n"),
        Check("can store multiple users", "fill", "protocol=https\nhost=example.com\nusername=user1\n",
              "protocol=https\nhost=example.com\nusername=user1\npassword=pass1\n"),
        Check("can store multiple users (user2)", "fill", "protocol=https\nhost=example.com\nusername=user2\n",
              "protocol=https\nhost=example.com\nusername=user2\npassword=pass2\n"),
        Check("can forget user (reject)", "reject", "protocol=https\nhost=example.com\nusername=user1\n"),
        Check("can forget user", "fill", "protocol=https\nhost=example.com\nusername=user1\n",
              "protocol=https\nhost=example.com\nusername=user1\npassword=askpass-password\n",
              askpassPrompts("https://example.com", user: "user1")),
        Check("remembers other user", "fill", "protocol=https\nhost=example.com\nusername=user2\n",
              "protocol=https\nhost=example.com\nusername=user2\npassword=pass2\n"),
        Check("can store empty username (approve)", "approve", "protocol=https\nhost=sso.tld\nusername=\npassword=\n"),
        Check("can store empty username", "fill", "protocol=https\nhost=sso.tld\n",
              "protocol=https\nhost=sso.tld\nusername=\npassword=\n"),
    ]

    @Test(.timeLimit(.minutes(10)))
    func t0303HelperTestPasses() throws {
        let world = try GitEndToEndTests.GitWorld()
        let askpass = world.cli.home + "/askpass"
        // git's own askpass from t/lib-credential.sh.
        try """
            #!/bin/sh
            echo >&2 askpass: $*
            what=`echo $1 | cut -d" " -f1 | tr A-Z a-z | tr -cd a-z`
            echo "askpass-$what"

            """.write(toFile: askpass, atomically: true, encoding: .utf8)
        chmod(askpass, 0o755)
        world.cli.setEnvironment("GIT_ASKPASS", askpass)
        world.cli.setEnvironment("GIT_TERMINAL_PROMPT", nil)
        for check in Self.checks {
            let options = check.useHTTPPath ? ["-c", "credential.usehttppath=true"] : []
            let result = try world.git(options + ["credential", check.command], input: check.input)
            #expect(result.status == 0, "\(check.name): \(result.stderr)")
            #expect(result.stdout == check.stdout, "\(check.name)")
            #expect(result.stderr == check.stderr, "\(check.name)")
        }
    }
}

/// The provider flow's "after authentication" branch for git: a locked vault, a person at a terminal.
@Suite struct GitInteractiveUnlockTests {
    /// Drives `git-credential-sesame get` with a pseudo-terminal as its controlling terminal (stdin and stdout stay
    /// files, as under git): a wrong master password is asked again, the right one starts and unlocks the agent.
    static let driver = #"""
import os, pty, select, sys, time
helper, request, output = sys.argv[1:4]
pid, fd = pty.fork()
if pid == 0:
    os.dup2(os.open(request, os.O_RDONLY), 0)
    os.dup2(os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 1)
    os.execv(helper, [helper, "get"])
seen = b""
def wait_for(text):
    global seen
    deadline = time.time() + 30
    while text not in seen:
        if time.time() > deadline:
            os.kill(pid, 9)
            sys.exit("timed out waiting for %r; saw %r" % (text, seen))
        if not select.select([fd], [], [], 1)[0]:
            continue
        try:
            seen += os.read(fd, 1024)
        except OSError:
            sys.exit("terminal closed; saw %r" % seen)
wait_for(b"master password")
os.write(fd, b"not-the-password\n")
wait_for(b"try again")
seen = seen[seen.index(b"try again"):]  # the next prompt may have arrived in the same read
wait_for(b"master password")
os.write(fd, b"master-pw\n")
_, status = os.waitpid(pid, 0)
rest = b""
try:
    while True:
        chunk = os.read(fd, 1024)
        if not chunk:
            break
        rest += chunk
except OSError:
    pass
sys.stdout.write((seen + rest).decode(errors="replace"))
sys.exit(os.WEXITSTATUS(status))
"""#

    @Test(.timeLimit(.minutes(10)))
    func lockedVaultAsksOnTheTerminalThenAnswers() throws {
        let cli = CLIHarness()
        try cli.initVault()
        _ = try cli.run(["add", "Git", "--url", "https://git.example.com", "--username", "alice", "--password-stdin"],
                        input: "master-pw\ns3cret\n")
        defer { _ = try? cli.run(["agent", "--stop"]) }
        #expect(try cli.run(["status", "--json"]).stdout.contains("\"running\" : false"))
        let request = cli.home + "/request", output = cli.home + "/answer", script = cli.home + "/drive.py"
        try "protocol=https\nhost=git.example.com\n\n".write(toFile: request, atomically: true, encoding: .utf8)
        try Self.driver.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try cli.run(["python3", script, CLIHarness.executable("git-credential-sesame"), request, output],
                              executable: "/usr/bin/env")
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(!run.stdout.contains("master-pw"), "the password was echoed")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "username=alice\npassword=s3cret\n")
        // The unlock went to an agent the helper started, so the next `get` needs nobody.
        let status = try cli.run(["status", "--json"])
        #expect(status.stdout.contains("\"unlocked\" : true"), "\(status.stdout)")
        let again = try cli.run(["get"], input: "protocol=https\nhost=git.example.com\n\n",
                                executable: CLIHarness.executable("git-credential-sesame"))
        #expect(again.stdout == "username=alice\npassword=s3cret\n")
    }
}
