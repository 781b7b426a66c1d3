import Glibc

/// The terminal a client program runs on (its standard input, output or error), where pinentry-curses can ask the
/// person at it when the service itself has no terminal and no display (started by the bus or systemd): gpg-agent
/// asks on GPG_TTY in the same way. Only a character device under /dev owned by this user counts.
public struct ClientTerminal: Equatable, Sendable {
    public var path: String
    /// The client's `TERM`, for pinentry-curses; nil when it cannot be read or is not a plain name.
    public var type: String?

    public init(path: String, type: String?) {
        self.path = path
        self.type = type
    }

    /// The largest `/proc/PID/environ` read: the environment of a process is the client's own input.
    static let environLimit = 64 * 1024

    public static func of(pid: pid_t) -> ClientTerminal? {
        for descriptor in 0...2 {
            guard let path = link("/proc/\(pid)/fd/\(descriptor)"), isOwnTerminal(path) else { continue }
            return ClientTerminal(path: path, type: terminalType(fromEnviron: readEnviron(pid: pid)))
        }
        return nil
    }

    static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func isOwnTerminal(_ path: String) -> Bool {
        guard path.hasPrefix("/dev/pts/") || path.hasPrefix("/dev/tty") else { return false }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFCHR && info.st_uid == getuid()
    }

    static func readEnviron(pid: pid_t) -> [UInt8] {
        let fd = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: environLimit)
        var length = 0
        while length < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + length, $0.count - length) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            length += count
        }
        return Array(bytes[0..<length])
    }

    /// `TERM` from an environment block (NUL-separated `NAME=value`), when it is a plain terminal name (letters,
    /// digits, `-`, `.`, `+`, `_`, at most 64 characters): it goes into an Assuan command line.
    static func terminalType(fromEnviron bytes: [UInt8]) -> String? {
        for entry in bytes.split(separator: 0, omittingEmptySubsequences: true) where entry.starts(with: Array("TERM=".utf8)) {
            let value = entry.dropFirst(5)
            guard !value.isEmpty, value.count <= 64, value.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x2E || byte == 0x2B || byte == 0x5F
            }) else { return nil }
            return String(decoding: value, as: UTF8.self)
        }
        return nil
    }
}
