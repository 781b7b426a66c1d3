/// One element of a parsed Auto-Type sequence, before the item's values are put in.
public enum AutoTypeToken: Sendable, Hashable {
    /// Characters typed as they are.
    case text(String)
    case keystroke(AutoTypeKeystroke)
    case field(AutoTypeField)
    /// `{DELAY n}`: waits n milliseconds here.
    case pause(milliseconds: Int)
    /// `{DELAY=n}`: waits n milliseconds between keystrokes from here on.
    case keyDelay(milliseconds: Int)
    /// `{CLEARFIELD}`: empties the field that has the focus (select everything, then delete it).
    case clearField
}
