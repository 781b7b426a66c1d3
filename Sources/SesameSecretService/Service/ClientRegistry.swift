import Foundation

/// The programs `--confirm` asked about, and the answers, in a 0600 JSON file: `sesame secret-service clients`
/// lists them and `--revoke` forgets one (it is asked again next time). Programs are named by their executable's
/// path, as `/proc/<pid>/exe` gives it.
public struct ClientRegistry: Sendable {
    public struct Client: Codable, Sendable, Equatable {
        public var program: String
        public var allowed: Bool
        public var decided: Date
    }

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_CONFIG_HOME/sesame/secret-service-clients.json` (else `~/.config/…`).
    public static func defaultPath(environment: [String: String]) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return config + "/sesame/secret-service-clients.json"
    }

    public func clients() throws -> [Client] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([Client].self, from: data).sorted { $0.program < $1.program }
    }

    public func decision(for program: String) -> Bool? {
        ((try? clients()) ?? []).first { $0.program == program }?.allowed
    }

    public func record(_ program: String, allowed: Bool) throws {
        var all = ((try? clients()) ?? []).filter { $0.program != program }
        all.append(Client(program: program, allowed: allowed, decided: Date()))
        try write(all)
    }

    /// Forgets a program; false when it was not listed.
    public func revoke(_ program: String) throws -> Bool {
        let all = try clients()
        let kept = all.filter { $0.program != program }
        guard kept.count != all.count else { return false }
        try write(kept)
        return true
    }

    private func write(_ clients: [Client]) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(clients.sorted { $0.program < $1.program })
        // Written beside and renamed over: a reader never sees half a file.
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
