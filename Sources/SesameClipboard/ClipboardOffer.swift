/// What Sesame puts on the clipboard: the secret under the text types programs paste, and KDE's password-manager
/// hint (`x-kde-passwordManagerHint` = `secret`, as KeePassXC sets it), which clipboard managers (Klipper,
/// cliphist, wl-clip-persist, GPaste) read as "do not keep this in the history".
public enum ClipboardOffer {
    public static let passwordManagerHint = "x-kde-passwordManagerHint"
    public static let hintValue = Array("secret".utf8)

    /// The text types, most specific first: MIME types for Wayland clients, the X11 names for X clients and
    /// XWayland.
    public static let textTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT"]

    /// Every type offered, the hint last.
    public static let types = textTypes + [passwordManagerHint]

    /// What a paste of `type` gets.
    public enum Payload: Equatable, Sendable {
        case secret
        case hint
    }

    /// What is served for `type`, or nil for a type not offered.
    public static func payload(for type: String) -> Payload? {
        if type == passwordManagerHint { return .hint }
        return textTypes.contains(type) ? .secret : nil
    }

    /// The longest secret copied: a password, a code or a note, never a file.
    public static let maximumSecret = 64 * 1024

    /// Seconds before the clipboard is cleared, unless something else was copied meanwhile.
    public static let defaultClearAfter = 45
}
