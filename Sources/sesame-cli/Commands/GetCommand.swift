import Foundation
import SesameAutoFill
import SesameTerminal
import SesameTerminalText

/// `sesame get ITEM [FIELD]`: one value and nothing else, for scripts and pipes (`bw get password`, `op read`).
enum GetCommand: Command {
    static let spec = CommandSpec(
        name: "get",
        abstract: "Print one value of a login (its password by default) and nothing else.",
        discussion: "For scripts and pipes: 'sesame get GitHub | wl-copy', 'export TOKEN=$(sesame get api token)'. On a terminal the value is shown with control characters escaped; piped, it is written byte for byte. With --clip it goes to the clipboard instead (as 'sesame copy'). Exit 1 when the item has no such value.",
        declaring: Arguments.self,
        familiarNames: ["read", "print", "pass"])

    struct Arguments: CommandArguments {
        let item: String
        let field: String?
        let clip: Bool
        let clearAfter: String?
        let noNewline: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            item = decoder.argument(CommonOptions.item) ?? ""
            field = decoder.argument(ItemField.argument)
            clip = decoder.flag(.flag("clip", short: "c", help: "Copy it to the clipboard instead of printing it."))
            clearAfter = decoder.value(Clipboard.clearAfterOption)
            noNewline = decoder.flag(.flag("no-newline", short: "n", help: "Print no newline after the value."))
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        if arguments.clip {
            try CopyCommand.copy(arguments.item, arguments.field, clearAfter: arguments.clearAfter, usage: arguments.usage,
                                 context: context)
            return
        }
        let field = ItemField(arguments.field)
        let service = try context.openService()
        let item = try context.resolve(arguments.item, in: service)
        let value = try field.value(of: item, service: service)
        if context.wantsJSON {
            try context.printJSON(["id": item.id.uuidString.lowercased(), "field": field.name, "value": value])
            return
        }
        // A person's terminal shows the value escaped; a pipe gets it exactly (a password may hold anything).
        let shown = Terminal.isStandardOutputATerminal
            ? (field.kind == .notes || field.kind == .urls ? TerminalText.sanitized(value) : TerminalText.singleLine(value))
            : value
        // Swift.print: the escaping above is the terminal's; a pipe gets the bytes as they are.
        Swift.print(shown, terminator: arguments.noNewline ? "" : "\n")
    }
}

/// `sesame copy ITEM [FIELD]`: one value onto the clipboard, cleared after 45 s unless something else was copied.
enum CopyCommand: Command {
    static let spec = CommandSpec(
        name: "copy",
        abstract: "Copy one value of a login (its password by default) to the clipboard, then clear it.",
        discussion: "Works on Wayland (compositors with the data-control protocol: sway, Hyprland, KDE; XWayland or wl-copy elsewhere) and X11. The clipboard is cleared after 45 seconds (--clear-after) unless something else was copied meanwhile, and it is marked x-kde-passwordManagerHint: secret, as KeePassXC does, so clipboard managers keep no copy. 'sesame copy GitHub otp' copies the current one-time code. The value never appears in a process's arguments or environment: it reaches sesame-clipboard, installed beside sesame, through a pipe.",
        declaring: Arguments.self,
        familiarNames: ["clip", "cp", "yank", "clipboard"])

    struct Arguments: CommandArguments {
        let item: String
        let field: String?
        let clearAfter: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            item = decoder.argument(CommonOptions.item) ?? ""
            field = decoder.argument(ItemField.argument)
            clearAfter = decoder.value(Clipboard.clearAfterOption)
            decoder.shared(CommonOptions.json, CommonOptions.passwordStdin, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    struct CopyJSON: Encodable {
        var id: String
        var field: String
        var clearAfter: Int
        var via: String
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        try copy(arguments.item, arguments.field, clearAfter: arguments.clearAfter, usage: arguments.usage, context: context)
    }

    /// Copies `field` of the item named `reference`: `copy`, and `get --clip`.
    static func copy(_ reference: String, _ fieldName: String?, clearAfter clearAfterText: String?, usage: CommandUsage,
                     context: CommandContext) throws {
        let clearAfter = try Clipboard.clearAfter(clearAfterText, usage: usage)
        let field = ItemField(fieldName)
        let service = try context.openService()
        let item = try context.resolve(reference, in: service)
        let value = try field.value(of: item, service: service)
        let via = try Clipboard.copy(value, clearAfter: clearAfter, environment: context.environment)
        report(copied: field.label, of: item.title, id: item.id, field: field.name, clearAfter: clearAfter, via: via, context: context)
    }

    static func report(copied label: String, of title: String, id: UUID, field: String, clearAfter: Int, via: String,
                       context: CommandContext) {
        if context.wantsJSON {
            try? context.printJSON(CopyJSON(id: id.uuidString.lowercased(), field: field, clearAfter: clearAfter, via: via))
        } else {
            print("Copied \(label) of '\(title)'; the clipboard is cleared in \(clearAfter) s unless something else is copied first.")
        }
    }
}
