import Foundation
import Glibc
import SesameTerminal

extension SetupCommand {
    /// `sesame setup secret-service [--undo]`: a D-Bus activation file, so the session bus starts Sesame's Secret
    /// Service when a client first asks for org.freedesktop.secrets.
    enum SecretService: Command {
        static let spec = CommandSpec(
            name: "secret-service",
            abstract: "Let the session bus start Sesame's Secret Service on demand (a D-Bus activation file).",
            discussion: "Writes $XDG_DATA_HOME/dbus-1/services/org.freedesktop.secrets.service (default ~/.local/share/…) naming sesame-secret-service beside this sesame. The user's file takes precedence over the system's gnome-keyring file; a running gnome-keyring still owns the name until it stops. With --undo, removes the file if Sesame wrote it.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let undo: Bool

            init(_ decoder: inout ArgumentDecoder) {
                undo = decoder.flag(.flag("undo", help: "Remove Sesame's activation file."))
                decoder.shared(CommonOptions.json)
            }
        }

        static let marker = "# Written by 'sesame setup secret-service'."

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let path = activationFilePath(environment: context.environment)
            let existing = try? String(contentsOfFile: path, encoding: .utf8)
            let isOurs = existing?.contains(marker) ?? false
            var changed = false
            if arguments.undo {
                if isOurs {
                    try FileManager.default.removeItem(atPath: path)
                    changed = true
                }
            } else {
                if let existing, !isOurs {
                    let exec = existing.split(separator: "\n").first { $0.hasPrefix("Exec=") }.map { String($0.dropFirst(5)) } ?? "another program"
                    throw CLIError("\(path) already starts \(exec); move it away first.")
                }
                let contents = activationFile(systemdService: nil)
                if existing != contents {
                    let folder = (path as NSString).deletingLastPathComponent
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    guard FileManager.default.createFile(atPath: path + ".tmp", contents: Data(contents.utf8), attributes: [.posixPermissions: 0o644]) else {
                        throw CLIError("Cannot write \(path).")
                    }
                    guard rename(path + ".tmp", path) == 0 else { throw CLIError("Cannot write \(path).") }
                    changed = true
                }
            }
            if context.wantsJSON {
                try context.printJSON(Outcome(enabled: !arguments.undo, changed: changed, path: path))
            } else if arguments.undo {
                print(changed ? "Removed \(path); the bus no longer starts Sesame's Secret Service." : "Sesame had no activation file (\(path)).")
            } else {
                print(changed ? "Wrote \(path); the session bus starts Sesame's Secret Service when a client asks." : "The activation file is already in place (\(path)).")
            }
        }

        struct Outcome: Encodable {
            var enabled: Bool
            var changed: Bool
            var path: String
        }

        /// The activation file; with `systemdService`, the bus asks systemd to start that unit (`sesame setup
        /// systemd`) instead of starting the program itself.
        static func activationFile(systemdService: String?) -> String {
            """
            \(marker)
            [D-BUS Service]
            Name=org.freedesktop.secrets
            Exec=\(SecretServiceCommand.executable())

            """ + (systemdService.map { "SystemdService=\($0)\n" } ?? "")
        }

        static func activationFilePath(environment: [String: String]) -> String {
            let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
            return dataHome + "/dbus-1/services/org.freedesktop.secrets.service"
        }
    }
}
