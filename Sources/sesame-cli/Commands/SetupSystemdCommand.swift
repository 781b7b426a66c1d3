import Foundation
import Glibc
import SesameAgent
import SesameAgentLink
import SesameTerminal

extension SetupCommand {
    /// `sesame setup systemd [--undo] [--no-enable]`: systemd user units, so the agent and the Secret Service run in
    /// the desktop session the way gpg-agent and gnome-keyring do: the agent started by its socket on the first
    /// connection (socket activation), the Secret Service by the session bus on the first client (D-Bus
    /// activation handed to systemd).
    enum Systemd: Command {
        static let spec = CommandSpec(
            name: "systemd",
            abstract: "Install systemd user units that start the agent and the Secret Service on demand.",
            discussion: "Writes sesame-agent.socket and sesame-agent.service (socket activation: the first connection to $XDG_RUNTIME_DIR/sesame/agent.sock starts the agent), sesame-secret-service.service (started by the session bus through systemd when a program first asks for org.freedesktop.secrets) into $XDG_CONFIG_HOME/systemd/user (default ~/.config/systemd/user), and the D-Bus activation file that names it. Then runs 'systemctl --user daemon-reload' and 'systemctl --user enable --now sesame-agent.socket' unless --no-enable (or systemctl is missing: the commands to run are printed). With --undo, disables the socket and removes the files Sesame wrote. The agent still locks after its idle timeout; it only starts without a terminal.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let undo: Bool
            let noEnable: Bool

            init(_ decoder: inout ArgumentDecoder) {
                undo = decoder.flag(.flag("undo", help: "Disable and remove the units Sesame wrote."))
                noEnable = decoder.flag(.flag("no-enable", help: "Write the files only; do not run systemctl."))
                decoder.shared(CommonOptions.json)
            }
        }

        static let marker = "# Written by 'sesame setup systemd'; 'sesame setup systemd --undo' removes it."

        struct Outcome: Encodable {
            var enabled: Bool
            var written: [String]
            var removed: [String]
            var systemctl: [String]
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let folder = unitFolder(environment: context.environment)
            let activation = SecretService.activationFilePath(environment: context.environment)
            let files = units(binFolder: binFolder()).map { (folder + "/" + $0.name, $0.text) }
                + [(activation, SecretService.activationFile(systemdService: "sesame-secret-service.service"))]
            var outcome = Outcome(enabled: !arguments.undo, written: [], removed: [], systemctl: [])
            let manage = !arguments.noEnable
            if arguments.undo {
                if manage { outcome.systemctl += systemctl(["disable", "--now", "sesame-agent.socket"], context: context) }
                for (path, _) in files where isOurs(path) {
                    try FileManager.default.removeItem(atPath: path)
                    outcome.removed.append(path)
                }
                if manage { outcome.systemctl += systemctl(["daemon-reload"], context: context) }
            } else {
                for (path, _) in files {
                    if let existing = try? String(contentsOfFile: path, encoding: .utf8), !existing.contains(marker),
                       !existing.contains(SecretService.marker)
                    {
                        throw CLIError("\(path) exists and Sesame did not write it; move it away first.")
                    }
                }
                for (path, text) in files {
                    guard (try? String(contentsOfFile: path, encoding: .utf8)) != text else { continue }
                    try write(text, to: path)
                    outcome.written.append(path)
                }
                if manage {
                    outcome.systemctl += systemctl(["daemon-reload"], context: context)
                    outcome.systemctl += systemctl(["enable", "--now", "sesame-agent.socket"], context: context)
                }
            }
            if context.wantsJSON {
                try context.printJSON(outcome)
                return
            }
            for path in outcome.written { print("Wrote \(path).") }
            for path in outcome.removed { print("Removed \(path).") }
            if arguments.undo {
                if outcome.removed.isEmpty { print("Sesame had no systemd units in \(folder).") }
            } else if outcome.written.isEmpty {
                print("The units are already in place (\(folder)).")
            }
            if !manage {
                print(arguments.undo ? "Run: systemctl --user disable --now sesame-agent.socket"
                      : "Run: systemctl --user daemon-reload && systemctl --user enable --now sesame-agent.socket")
            } else if !arguments.undo && outcome.systemctl.count == 2 {
                print("The agent now starts when a program first connects to it; the Secret Service when a program first asks the session bus.")
            }
        }

        /// The units, naming the programs installed beside this one.
        static func units(binFolder: String) -> [(name: String, text: String)] {
            let sesame = binFolder + "/sesame", secretService = binFolder + "/sesame-secret-service"
            return [
                ("sesame-agent.socket", """
                    \(marker)
                    [Unit]
                    Description=Sesame agent socket
                    Documentation=man:sesame-agent(1)

                    [Socket]
                    ListenStream=%t/sesame/agent.sock
                    SocketMode=0600
                    DirectoryMode=0700

                    [Install]
                    WantedBy=sockets.target

                    """),
                ("sesame-agent.service", """
                    \(marker)
                    [Unit]
                    Description=Sesame agent (holds the unlocked vault key for the user's programs)
                    Documentation=man:sesame-agent(1)
                    Requires=sesame-agent.socket

                    [Service]
                    ExecStart=\(sesame) agent
                    Environment=\(AgentProcess.heapCacheOff.name)=\(AgentProcess.heapCacheOff.value)
                    UMask=0077
                    LimitCORE=0
                    NoNewPrivileges=yes
                    LockPersonality=yes
                    RestrictRealtime=yes

                    [Install]
                    Also=sesame-agent.socket

                    """),
                ("sesame-secret-service.service", """
                    \(marker)
                    [Unit]
                    Description=Sesame Secret Service (org.freedesktop.secrets from the Sesame vault)
                    Documentation=man:sesame-secret-service(1)
                    Wants=sesame-agent.socket
                    After=sesame-agent.socket

                    [Service]
                    Type=dbus
                    BusName=org.freedesktop.secrets
                    ExecStart=\(secretService)
                    UMask=0077
                    LimitCORE=0
                    NoNewPrivileges=yes
                    LockPersonality=yes
                    RestrictRealtime=yes

                    """),
            ]
        }

        /// `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
        static func unitFolder(environment: [String: String]) -> String {
            let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
            return configHome + "/systemd/user"
        }

        /// The folder of the installed programs: the one this program runs from.
        static func binFolder() -> String {
            guard let resolved = realpath("/proc/self/exe", nil) else { return "/usr/local/bin" }
            defer { free(resolved) }
            return (String(cString: resolved) as NSString).deletingLastPathComponent
        }

        static func isOurs(_ path: String) -> Bool {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
            return text.contains(marker) || text.contains(SecretService.marker)
        }

        static func write(_ text: String, to path: String) throws {
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path + ".tmp", contents: Data(text.utf8), attributes: [.posixPermissions: 0o644]),
                  rename(path + ".tmp", path) == 0
            else { throw CLIError("Cannot write \(path).") }
        }

        /// Runs `systemctl --user ARGS`; returns the command when it succeeded, and warns (with the command to run)
        /// when it did not: the files are in place either way.
        static func systemctl(_ arguments: [String], context: CommandContext) -> [String] {
            let command = "systemctl --user " + arguments.joined(separator: " ")
            let folders = (context.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            guard let program = folders.map({ "\($0)/systemctl" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                Terminal.writeToStandardError("Warning: systemctl is not installed; run '\(command)' where it is.\n")
                return []
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = ["--user"] + arguments
            process.environment = context.environment
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            do { try process.run() } catch {
                Terminal.writeToStandardError("Warning: cannot run systemctl; run '\(command)'.\n")
                return []
            }
            let detail = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Terminal.writeToStandardError("Warning: '\(command)' failed\(detail.isEmpty ? "" : ": \(detail)"); run it once a user session runs.\n")
                return []
            }
            return [command]
        }
    }
}
