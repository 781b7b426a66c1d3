import Glibc

/// The few path operations the agent's clients need, on plain strings: this module does without Foundation, so the
/// processes started for every form and git command (the `sesame` front, `git-credential-sesame`) start fast.
public enum FilePath {
    /// The current folder, or "/" when it cannot be read (deleted, or too long).
    public static func currentDirectory() -> String {
        guard let folder = getcwd(nil, 0) else { return "/" }
        defer { free(folder) }
        return String(cString: folder)
    }

    /// The folder part of `path` ("/" for a path in the root folder, "." for a bare name).
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last part of `path`.
    public static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` with symbolic links, ".", ".." and repeated slashes resolved, or nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// An absolute `path` with ".", ".." and repeated slashes removed, without touching the file system.
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// This user's home folder from the password database (glibc's built-in `files` lookup when linked
    /// statically); "/" when there is none.
    public static func homeFolder() -> String {
        guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return "/" }
        return String(cString: folder)
    }

    /// The folder of the running executable, from the kernel's own answer (`/proc/self/exe`) read as a link, never
    /// resolved folder by folder: a program may run below a folder its user cannot enter (started by a privileged
    /// launcher that then dropped privileges), where `realpath` fails. Nil without /proc.
    public static func executableFolder() -> String? {
        guard let path = link("/proc/self/exe") else { return nil }
        // A binary replaced while running (an upgrade) reads as "PATH (deleted)"; its folder is still the one.
        let deleted = " (deleted)"
        return folder(of: path.hasSuffix(deleted) ? String(path.dropLast(deleted.count)) : path)
    }

    /// The target of the symbolic link at `path`, or nil when it is none.
    public static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
