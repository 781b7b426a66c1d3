import Foundation

/// The shell's settings that are not secrets and are needed without the vault (so `sesame generate --for` asks for
/// no master password): `$XDG_CONFIG_HOME/sesame/config.json`, else `~/.config/sesame/config.json`, a JSON object of
/// strings, mode 0600 in a 0700 folder, replaced whole by an atomic rename.
public struct ConfigFile {
    /// The settings `sesame config` knows; any other name is refused, so a typo does not store a dead value.
    public enum Key: String, CaseIterable, Sendable {
        case passwordRules = "password-rules"
        case unlockOnPrompt = "unlock-on-prompt"

        public var help: String {
            switch self {
            case .passwordRules: "A password-rules.json file (Apple's format) whose site rules generated passwords follow."
            case .unlockOnPrompt: "on (default) or off: whether a master password typed at a prompt also unlocks the vault in the agent."
            }
        }
    }

    public let path: String
    public private(set) var values: [String: String]

    public static func path(environment: [String: String]) -> String {
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            return configHome + "/sesame/config.json"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/sesame/config.json"
    }

    /// Reads the file; a missing file is an empty configuration.
    public init(path: String) throws(CLIError) {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw CLIError("The configuration \(path) cannot be read.") }
            values = [:]
            return
        }
        guard let values = try? JSONDecoder().decode([String: String].self, from: data) else {
            throw CLIError("The configuration \(path) is not a JSON object of strings; fix or remove it.")
        }
        self.values = values
    }

    public subscript(key: Key) -> String? { values[key.rawValue] }

    /// Sets (or, with nil, removes) a value and writes the file.
    public mutating func set(_ key: Key, _ value: String?) throws(CLIError) {
        values[key.rawValue] = value
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = path + ".tmp-\(getpid())"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(values) + Data("\n".utf8)
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw CLIError("The configuration \(path) cannot be written.")
            }
            guard rename(temporary, path) == 0 else {
                throw CLIError("The configuration \(path) cannot be replaced (\(String(cString: strerror(errno)))).")
            }
        } catch let error as CLIError {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CLIError("The configuration \(path) cannot be written (\(error.localizedDescription)).")
        }
    }
}
