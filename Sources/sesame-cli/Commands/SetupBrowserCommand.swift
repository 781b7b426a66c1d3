import Foundation
import SesameBrowser
import SesameTerminal

extension SetupCommand {
    /// `sesame setup browser [--undo] [--replace] [--browser NAME]`
    enum Browser: Command {
        static let spec = CommandSpec(
            name: "browser",
            abstract: "Let the KeePassXC-Browser extension fill logins from Sesame (Firefox, Chromium, Chrome).",
            discussion: "Installs the native-messaging manifest org.keepassxc.keepassxc_browser, which starts sesame-browser-host, for each browser whose user folder exists (or the one named). A manifest of KeePassXC found there is kept unless --replace; then it is set aside and --undo puts it back. The extension must then be associated: click Connect in it and answer with 'sesame browser allow'.",
            declaring: Arguments.self)

        struct Arguments: CommandArguments {
            let undo: Bool
            let replace: Bool
            let browser: String?
            let usage: CommandUsage

            init(_ decoder: inout ArgumentDecoder) {
                undo = decoder.flag(.flag("undo", help: "Remove Sesame's manifests and put back the ones they replaced."))
                replace = decoder.flag(.flag("replace", help: "Replace another program's manifest (KeePassXC's), keeping it for --undo."))
                browser = decoder.value(.value("browser", valueName: "name", help: "Only this browser: firefox, chromium or chrome."))
                decoder.shared(CommonOptions.json)
                usage = decoder.usage
            }
        }

        static func run(_ arguments: Arguments, context: CommandContext) throws {
            guard let home = context.environment["HOME"], home.hasPrefix("/") else {
                throw CLIError("HOME is not set to an absolute path; it is needed to find the browsers' folders.")
            }
            let manifests = BrowserManifests(home: home, configHome: context.environment["XDG_CONFIG_HOME"])
            var browsers = manifests.present()
            if let name = arguments.browser {
                guard let browser = BrowserManifests.Browser(rawValue: name) else {
                    throw arguments.usage.error("Unknown browser '\(name)' (one of firefox, chromium, chrome)")
                }
                browsers = [browser]
            } else if browsers.isEmpty {
                throw CLIError("No browser folder was found (~/.mozilla, ~/.config/chromium, ~/.config/google-chrome); name one with --browser.")
            }
            var changes: [BrowserManifests.Change] = []
            if arguments.undo {
                for browser in browsers { changes.append(try manifests.uninstall(browser)) }
            } else {
                let host = try hostExecutable()
                for browser in browsers {
                    changes.append(try manifests.install(browser, hostPath: host, replace: arguments.replace))
                }
            }
            // Passkeys wait for a yes through pinentry, which the host (no terminal) can show only on the display.
            if !arguments.undo, !Pinentry(environment: context.environment).canAskWithoutTerminal {
                Terminal.writeToStandardError(Self.noGraphicalPinentry + "\n")
            }
            if context.wantsJSON { return try context.printJSON(changes) }
            for change in changes { print(describe(change)) }
        }

        static let noGraphicalPinentry = "Note: no graphical pinentry is installed (pinentry-gnome3, pinentry-qt or "
            + "pinentry-gtk2). Logins fill without one, but passkeys are refused: the browser host asks you through "
            + "pinentry before a page makes or uses one."

        static func describe(_ change: BrowserManifests.Change) -> String {
            let name = change.browser.rawValue
            switch change.outcome {
            case .installed: return "\(name): installed \(change.path)."
            case .updated: return "\(name): updated \(change.path)."
            case .unchanged: return "\(name): already set up (\(change.path))."
            case .replaced: return "\(name): replaced another program's manifest, kept as \(change.path).sesame-original for --undo."
            case .keptOther: return "\(name): another program's manifest (KeePassXC's) is at \(change.path); left alone (use --replace)."
            case .removed: return "\(name): removed \(change.path)."
            case .restored: return "\(name): put back the manifest Sesame had replaced (\(change.path))."
            case .absent: return "\(name): Sesame was not set up."
            }
        }

        /// The host beside this `sesame`, as installed together.
        static func hostExecutable() throws -> String {
            guard let resolved = realpath("/proc/self/exe", nil) else {
                throw CLIError("Cannot find this program's own path in /proc/self/exe.")
            }
            defer { free(resolved) }
            let sibling = (String(cString: resolved) as NSString).deletingLastPathComponent + "/sesame-browser-host"
            guard FileManager.default.isExecutableFile(atPath: sibling) else {
                throw CLIError("sesame-browser-host is not installed beside sesame (\(sibling)).")
            }
            return sibling
        }
    }
}
