import Foundation

/// The native-messaging host manifests that let browsers start Sesame's host for the KeePassXC-Browser extension.
/// The extension calls the host by a fixed name, so Sesame takes over KeePassXC's: a KeePassXC manifest found in
/// place is replaced only when asked, and kept beside it to be put back by `--undo`.
public struct BrowserManifests {
    public static let hostName = "org.keepassxc.keepassxc_browser"
    /// Marks Sesame's own manifests, so an update or `--undo` never touches another program's.
    static let description = "Sesame password vault (KeePassXC-Browser protocol)"
    static let keptSuffix = ".sesame-original"
    /// The extension's ids: Firefox's add-on id; Chrome Web Store and Edge origins (as KeePassXC lists them).
    static let firefoxExtensions = ["keepassxc-browser@keepassxc.org"]
    static let chromiumOrigins = [
        "chrome-extension://oboonakemofpalcgghocfoadofidjkkk/", "chrome-extension://pdffhmdngciaglkoonimfcmckehcpafo/",
    ]

    public enum Browser: String, CaseIterable, Sendable, Codable {
        case firefox, chromium, chrome
    }

    /// What happened to one browser's manifest.
    public enum Outcome: String, Sendable, Codable {
        case installed, updated, unchanged, replaced, keptOther, removed, restored, absent
    }

    public struct Change: Sendable, Codable, Equatable {
        public var browser: Browser
        public var path: String
        public var outcome: Outcome
    }

    let home: String
    let configHome: String

    /// - Parameters: the user's home folder and `$XDG_CONFIG_HOME` (nil or relative: `~/.config`).
    public init(home: String, configHome: String?) {
        self.home = home
        self.configHome = configHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    }

    /// Where each browser looks for a user's manifests.
    public func folder(for browser: Browser) -> String {
        switch browser {
        case .firefox: home + "/.mozilla/native-messaging-hosts"
        case .chromium: configHome + "/chromium/NativeMessagingHosts"
        case .chrome: configHome + "/google-chrome/NativeMessagingHosts"
        }
    }

    /// The browsers whose user folder exists (installed and run once).
    public func present() -> [Browser] {
        Browser.allCases.filter { browser in
            FileManager.default.fileExists(atPath: (folder(for: browser) as NSString).deletingLastPathComponent)
        }
    }

    public func manifestPath(for browser: Browser) -> String {
        folder(for: browser) + "/" + Self.hostName + ".json"
    }

    /// The manifest that starts `hostPath`, as the browser reads it.
    public static func manifest(for browser: Browser, hostPath: String) -> [UInt8] {
        var object: [String: Any] = [
            "name": hostName, "description": description, "path": hostPath, "type": "stdio",
        ]
        switch browser {
        case .firefox: object["allowed_extensions"] = firefoxExtensions
        case .chromium, .chrome: object["allowed_origins"] = chromiumOrigins
        }
        let data = try? JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return Array(data ?? Data()) + [0x0A]
    }

    /// Installs (or updates) Sesame's manifest for `browser`. Another program's manifest stays unless `replace`,
    /// and then is kept beside it for `uninstall`.
    public func install(_ browser: Browser, hostPath: String, replace: Bool) throws -> Change {
        let path = manifestPath(for: browser)
        let wanted = Self.manifest(for: browser, hostPath: hostPath)
        var outcome = Outcome.installed
        if let current = FileManager.default.contents(atPath: path) {
            if Self.isSesame(current) {
                if Array(current) == wanted { return Change(browser: browser, path: path, outcome: .unchanged) }
                outcome = .updated
            } else if !replace {
                return Change(browser: browser, path: path, outcome: .keptOther)
            } else {
                let kept = path + Self.keptSuffix
                if FileManager.default.fileExists(atPath: kept) { try FileManager.default.removeItem(atPath: kept) }
                try FileManager.default.moveItem(atPath: path, toPath: kept)
                outcome = .replaced
            }
        }
        try FileManager.default.createDirectory(atPath: folder(for: browser), withIntermediateDirectories: true)
        // Written beside and renamed, so a browser starting now reads the old manifest or the new one, never half.
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(wanted), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary]) }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return Change(browser: browser, path: path, outcome: outcome)
    }

    /// Removes Sesame's manifest and puts back the one it replaced, if any. Another program's is left alone.
    public func uninstall(_ browser: Browser) throws -> Change {
        let path = manifestPath(for: browser)
        let kept = path + Self.keptSuffix
        guard let current = FileManager.default.contents(atPath: path) else {
            return Change(browser: browser, path: path, outcome: .absent)
        }
        guard Self.isSesame(current) else { return Change(browser: browser, path: path, outcome: .keptOther) }
        if FileManager.default.fileExists(atPath: kept) {
            guard rename(kept, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            return Change(browser: browser, path: path, outcome: .restored)
        }
        try FileManager.default.removeItem(atPath: path)
        return Change(browser: browser, path: path, outcome: .removed)
    }

    static func isSesame(_ manifest: Data) -> Bool {
        let object = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any]
        return object?["description"] as? String == description
    }
}
