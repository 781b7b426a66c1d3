import Foundation
import SesameAutoFill
import SesameAutoType
import SesameAutoTypeRules
import SesameTerminal
import SesameTerminalText

/// `sesame autotype`: types a login into the focused window (X11 through `sesame-autotype`, wlroots Wayland
/// through `wtype`), and `sesame autotype rule …` manages which login goes to which window.
enum AutoTypeCommand: Command {
    static var subcommands: [any Command.Type] { [Rule.self] }

    static let spec = CommandSpec(
        name: "autotype",
        abstract: "Type a login into the focused window.",
        discussion: "Bind it to a hotkey of your desktop. The login is the one a rule names for the window (see 'sesame autotype rule'), else the best match of the site named in the window's title; with several and no terminal to choose, nothing is typed. Types the item's own sequence (its field 'AutoType', in KeePass's syntax) or {USERNAME}{TAB}{PASSWORD}{ENTER}, and stops when the focus moves to another window. Needs X11 or XWayland ('sesame-autotype' installed beside sesame), or wtype on a wlroots Wayland compositor. See docs/autotype.md.",
        declaring: Arguments.self,
        subcommands: subcommandSpecs,
        runsWithoutSubcommand: true)

    struct Arguments: CommandArguments {
        let item: String?
        let site: String?
        let sequence: String?
        let wait: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            item = decoder.value(.value("item", valueName: "ref", help: "Type this item (id, id prefix, title or title prefix) instead of choosing by window."))
            site = decoder.value(.value("site", valueName: "host", help: "Choose the login of this site instead of one named in the window's title."))
            sequence = decoder.value(.value("sequence", valueName: "keys", help: "Type this sequence instead of the item's own (KeePass syntax)."))
            wait = decoder.value(.value("wait", valueName: "seconds", help: "Wait this long first, to switch to the window to fill (default 0)."))
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    /// After a choice in a terminal, how long the chosen window has to get the focus back.
    static let focusWaitAfterChoice = 15_000

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let wait = try arguments.wait.map { text throws -> Double in
            guard let seconds = Double(text), seconds >= 0, seconds <= 600 else {
                throw arguments.usage.error("--wait takes a number of seconds from 0 to 600")
            }
            return seconds
        } ?? 0
        var explicitSequence: AutoTypeSequence?
        if let text = arguments.sequence {
            do {
                explicitSequence = try AutoTypeSequence(text)
            } catch {
                throw CLIError(error.description, status: .usage)
            }
        }
        let environment = context.environment
        if (environment["DISPLAY"] ?? "").isEmpty {
            try WaylandAutoType.run(arguments, context: context, sequence: explicitSequence, wait: wait)
            return
        }
        if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        let helper = try X11AutoTypeHelper(environment: environment)
        let window: AutoTypeWindow
        do {
            window = try helper.focusedWindow()
        } catch let error as CLIError where !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw CLIError(error.message + " Under Wayland only XWayland windows are reached this way; for others, unset DISPLAY to type through wtype with --item.")
        }
        let service = try context.openService()
        let (candidate, chosenAtTerminal) = try choose(for: window, arguments: arguments, service: service, context: context)
        let item = try service.reveal(candidate.itemID)
        let actions = try AutoTypePlan.actions(for: item, candidate: candidate, explicit: explicitSequence)
        if chosenAtTerminal {
            Terminal.writeToStandardError("Switch back to '\(TerminalText.quoted(window.title))': typing starts when it has the focus.\n")
        }
        try helper.type(actions, into: window, focusWaitMilliseconds: chosenAtTerminal ? focusWaitAfterChoice : nil)
        if context.wantsJSON {
            try context.printJSON(AutoTypeJSON(id: item.id.uuidString.lowercased(), title: item.title,
                                               username: item.username, window: window))
        } else {
            print("Typed '\(item.title)' into '\(window.title)'.")
        }
    }

    /// The one login for the window: named with --item, else the candidates' only one, else a choice at the
    /// terminal; without a terminal, several candidates type nothing.
    static func choose(for window: AutoTypeWindow, arguments: Arguments, service: any VaultItems & AutoTypeService, context: CommandContext) throws
        -> (AutoTypeCandidate, chosenAtTerminal: Bool)
    {
        if let reference = arguments.item {
            let view = try service.resolve(reference)
            return (AutoTypeCandidate(itemID: view.id, title: view.title, username: view.username), false)
        }
        let candidates = try service.autoTypeCandidates(for: window, site: arguments.site)
        let described = "'\(TerminalText.quoted(window.title))'" + (window.windowClass.isEmpty ? "" : " (class \(window.windowClass))")
        guard let first = candidates.first else {
            if arguments.site == nil && AutoTypeBrowserWindows.isBrowser(window) {
                throw CLIError("The window \(described) is a web browser, whose title the page chooses, so its title picks no login: use the browser extension's Auto-Type, --site SITE, --item, or a rule ('sesame autotype rule add'). Nothing was typed.")
            }
            throw CLIError("No login matches the window \(described): add a rule with 'sesame autotype rule add', or name the item with --item. Nothing was typed.")
        }
        if candidates.count == 1 { return (first, false) }
        guard Terminal.isStandardInputATerminal, !context.secrets.fromStandardInput else {
            throw CLIError("\(candidates.count) logins match the window \(described) and there is no terminal to choose one: nothing was typed. Name one with --item, or add a rule with 'sesame autotype rule add'.")
        }
        Terminal.writeToStandardError("Several logins match the window \(described):\n")
        for (index, candidate) in candidates.enumerated() {
            Terminal.writeToStandardError("  \(index + 1)  \(candidate.title)  \(candidate.username)\n")
        }
        Terminal.writeToStandardError("Type which one (1-\(candidates.count)), or nothing to cancel: ")
        guard let answer = readLine(strippingNewline: true), let number = Int(answer.trimmingCharacters(in: .whitespaces)),
              candidates.indices.contains(number - 1)
        else {
            throw CLIError("No login chosen; nothing was typed.")
        }
        return (candidates[number - 1], true)
    }
}

/// The stable JSON shape of `sesame autotype`.
struct AutoTypeJSON: Encodable {
    var id: String
    var title: String
    var username: String
    var window: AutoTypeWindow
}
