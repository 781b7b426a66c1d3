import Foundation
import SesameTerminal

/// `sesame setup git [--undo]`: makes git ask Sesame for HTTPS credentials (the Linux counterpart of enabling the
/// AutoFill extension in Settings).
enum SetupCommand: CommandGroup {
    static var subcommands: [any Command.Type] { [Git.self, Browser.self, SecretService.self, Systemd.self] }

    static let spec = CommandSpec(
        name: "setup",
        abstract: "Connect Sesame to programs that ask for passwords.",
        subcommands: subcommandSpecs)

}

extension SetupCommand {
    /// `sesame setup git`
    enum Git: Command {
        static let spec = CommandSpec(
            name: "git",
            abstract: "Make git ask Sesame for credentials (credential.helper in ~/.gitconfig).",
            discussion: "Adds the path of the git-credential-sesame installed beside sesame to the global credential.helper list, or replaces an earlier entry of Sesame's (the name 'sesame', or a path where Sesame no longer is) in its place; other helpers stay. With --undo, removes only Sesame's entries. Run it again after moving Sesame: git does not report a helper that is gone, it only prints 'not found' (sesame status says so).",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let undo: Bool

            init(_ decoder: inout ArgumentDecoder) {
                undo = decoder.flag(.flag("undo", help: "Remove Sesame from git's credential helpers."))
                decoder.shared(CommonOptions.json)
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            let helpers = try GitHelperSetup.git(["config", "--global", "--get-all", "credential.helper"], allowing: [1])
                .split(separator: "\n").map(String.init)
            let ours = helpers.filter(GitHelperSetup.isSesame)
            let wanted = GitHelperSetup.wanted
            var changed = false
            if arguments.undo {
                for helper in Set(ours) {
                    _ = try GitHelperSetup.git(["config", "--global", "--fixed-value", "--unset-all", "credential.helper", helper])
                    changed = true
                }
            } else if ours != [wanted] {
                if ours.count == 1 {
                    // In place, so git still asks the helpers in the order the user chose.
                    _ = try GitHelperSetup.git(["config", "--global", "--fixed-value", "--replace-all", "credential.helper", wanted, ours[0]])
                } else {
                    for helper in Set(ours) {
                        _ = try GitHelperSetup.git(["config", "--global", "--fixed-value", "--unset-all", "credential.helper", helper])
                    }
                    _ = try GitHelperSetup.git(["config", "--global", "--add", "credential.helper", wanted])
                }
                changed = true
            }
            if context.wantsJSON {
                try context.printJSON(SetupGitJSON(enabled: !arguments.undo, changed: changed,
                                                   helper: arguments.undo ? nil : wanted))
            } else if arguments.undo {
                print(changed ? "git no longer asks Sesame for credentials." : "Sesame was not one of git's credential helpers.")
            } else if !changed {
                print("git already asks Sesame for credentials (credential.helper \(wanted)).")
            } else {
                for old in Set(ours) where old != wanted {
                    if !GitHelperSetup.exists(old, environment: context.environment) {
                        print("Replaced credential.helper \(old): it is not there any more, so git printed 'not found' and went on without Sesame.")
                    } else {
                        print("Replaced credential.helper \(old).")
                    }
                }
                print("git now asks Sesame for credentials (credential.helper \(wanted)).")
                let others = helpers.filter { !GitHelperSetup.isSesame($0) }
                if !others.isEmpty && ours.isEmpty {
                    print("git asks the helpers configured before it first: \(others.joined(separator: ", ")).")
                }
                if wanted == GitHelperSetup.helperName {
                    print("git-credential-sesame is not installed beside sesame: git looks for it on PATH.")
                }
            }
        }
    }
}

/// The stable JSON shape of `sesame setup git`.
struct SetupGitJSON: Encodable {
    var enabled: Bool
    var changed: Bool
    /// The `credential.helper` value written or kept; null after `--undo`.
    var helper: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(changed, forKey: .changed)
        try container.encode(helper, forKey: .helper)
    }

    private enum CodingKeys: String, CodingKey { case enabled, changed, helper }
}
