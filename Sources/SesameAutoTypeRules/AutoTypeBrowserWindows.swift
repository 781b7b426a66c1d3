import SesameAutoType

/// Windows of web browsers, by `WM_CLASS`. A browser's title is the page's `<title>`, which the page chooses:
/// "Sign in to GitHub - github.com" costs a phishing page one line of HTML. So in these windows a title alone
/// picks no login; only a rule the person made or the site the browser hands in (`--site`, the extension's
/// `request-autotype`) does.
///
/// A class or instance names a browser when it equals one of ``names`` or starts with one followed by `-`
/// (`Firefox-esr`, `Google-chrome-beta`, `microsoft-edge-dev`, `Vivaldi-stable`), case ignored.
public enum AutoTypeBrowserWindows {
    public static let names: [String] = [
        // Firefox and its relatives (Debian's is `Firefox-esr`; its instance is `Navigator`).
        "firefox", "firefoxdeveloperedition", "navigator", "librewolf", "waterfox", "icecat", "floorp", "zen",
        "tor browser", "mullvad browser", "seamonkey", "palemoon", "org.mozilla.firefox",
        // Chromium and its relatives.
        "chromium", "google-chrome", "brave-browser", "microsoft-edge", "vivaldi", "opera",
        "yandex-browser", "thorium-browser", "org.chromium.chromium", "com.google.chrome", "com.brave.browser",
        "com.microsoft.edge",
        // Others.
        "epiphany", "org.gnome.epiphany", "falkon", "qutebrowser", "konqueror", "midori", "nyxt",
    ]

    /// Whether `window` belongs to a known web browser.
    public static func isBrowser(_ window: AutoTypeWindow) -> Bool {
        isBrowserName(window.windowClass) || isBrowserName(window.instance)
    }

    static func isBrowserName(_ name: String) -> Bool {
        let name = name.lowercased()
        guard !name.isEmpty else { return false }
        return names.contains { name == $0 || name.hasPrefix($0 + "-") }
    }
}
