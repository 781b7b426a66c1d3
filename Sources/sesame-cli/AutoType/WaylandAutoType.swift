import Foundation
import Glibc
import SesameAutoFill
import SesameAutoType
import SesameAutoTypeRules
import SesameTerminal
import SesameTerminalText

/// Auto-Type without X11: on wlroots compositors (sway, Hyprland, river…) through `wtype`, which types through the
/// virtual-keyboard protocol with a keymap of its own, so any character works. Wayland tells no client which
/// window has the focus, so the login must be named (--item or --site); GNOME and KDE offer no such protocol.
enum WaylandAutoType {
    /// wtype's first keystroke is lost unless it waits after uploading its keymap (measured: 150 ms is enough).
    static let initialDelayMilliseconds = 150

    static func run(_ arguments: AutoTypeCommand.Arguments, context: CommandContext, sequence explicit: AutoTypeSequence?,
                    wait: Double) throws {
        let environment = context.environment
        guard !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty else {
            throw CLIError("Auto-Type needs a graphical session: X11, XWayland, or wtype on a wlroots Wayland compositor; neither $DISPLAY nor $WAYLAND_DISPLAY is set. Nothing was typed.")
        }
        guard let wtype = executable("wtype", environment: environment) else {
            throw CLIError("Auto-Type needs X11 or XWayland ($DISPLAY is not set); on Wayland it works only on wlroots compositors (sway, Hyprland) with wtype installed. Nothing was typed.")
        }
        let service = try context.openService()
        let candidate: AutoTypeCandidate
        if let reference = arguments.item {
            let view = try context.resolve(reference, in: service)
            candidate = AutoTypeCandidate(itemID: view.id, title: view.title, username: view.username)
        } else if let site = arguments.site {
            let window = AutoTypeWindow(id: 0, title: "")
            let candidates = try service.autoTypeCandidates(for: window, site: site)
            guard candidates.count == 1, let only = candidates.first else {
                throw CLIError(candidates.isEmpty ? "No login matches '\(site)'. Nothing was typed."
                                                  : "\(candidates.count) logins match '\(site)': name one with --item. Nothing was typed.")
            }
            candidate = only
        } else {
            throw CLIError("On Wayland the focused window cannot be identified: name the login with --item or --site. Nothing was typed.")
        }
        let item = try service.reveal(candidate.itemID)
        let actions = try AutoTypePlan.actions(for: item, candidate: candidate, explicit: explicit)
        if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        var keyDelay = 15
        for action in actions {
            switch action {
            case .type(let text):
                // The text goes on wtype's standard input ("-"), never in its arguments.
                try runWtype(wtype, ["-s", "\(initialDelayMilliseconds)", "-d", "\(keyDelay)", "-"], input: text,
                             environment: environment)
            case .press(let keystroke):
                let names = modifierNames(keystroke.modifiers)
                var words = ["-s", "\(initialDelayMilliseconds)"]
                for name in names { words += ["-M", name] }
                switch keystroke.key {
                case .named(let key): words += ["-k", key.keysymName]
                case .character(let character): words.append(String(character))
                }
                for name in names.reversed() { words += ["-m", name] }
                try runWtype(wtype, words, input: nil, environment: environment)
            case .pause(let milliseconds):
                usleep(UInt32(milliseconds) * 1000)
            case .keyDelay(let milliseconds):
                keyDelay = milliseconds
            }
        }
        if context.wantsJSON {
            try context.printJSON(AutoTypeJSON(id: item.id.uuidString.lowercased(), title: item.title,
                                               username: item.username, window: AutoTypeWindow(id: 0, title: "")))
        } else {
            print("Typed '\(item.title)' through wtype into the focused window.")
        }
    }

    static func modifierNames(_ modifiers: AutoTypeModifiers) -> [String] {
        [(AutoTypeModifiers.shift, "shift"), (.control, "ctrl"), (.alt, "alt"), (.superKey, "logo")]
            .filter { modifiers.contains($0.0) }.map(\.1)
    }

    static func executable(_ name: String, environment: [String: String]) -> String? {
        (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func runWtype(_ path: String, _ words: [String], input: String?, environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = words
        // wtype decodes its text with the C library's multibyte functions: under the C locale it stops at the
        // first non-ASCII character and still exits 0 ("Grüße" typed "Gr"), so it always gets a UTF-8 locale.
        process.environment = environment.merging(["LC_ALL": "C.UTF-8"]) { $1 }
        let pipe = Pipe(), errors = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : pipe
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        if let input {
            try? pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try? pipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let detail = String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            throw CLIError("wtype failed" + (detail.isEmpty ? "" : ": \(TerminalText.singleLine(detail))")
                           + " (is the compositor wlroots-based?). Typing stopped.")
        }
    }
}
