import SesameTerminal
import SesameTerminalText

/// Every human line `sesame` prints on standard output: `print` as in the standard library, with the text escaped
/// by ``TerminalText/sanitized(_:)`` first.
///
/// Declared in this module, it stands in for `Swift.print` in every command, so a title, user name or URL quoted in
/// a message ("Added '…'") cannot drive the terminal, and a new command cannot forget it. `--json` output is written
/// with `FileHandle` and keeps its exact bytes (JSON escapes controls itself); styled text that is escaped value by
/// value calls `Swift.print` explicitly (``ItemText``, ``Table``).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { String(describing: $0) }.joined(separator: separator)
    Swift.print(TerminalText.sanitized(text), terminator: terminator)
}
