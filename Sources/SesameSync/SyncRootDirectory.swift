import Foundation

/// Every file access below a sync root, made so that nothing in the root can redirect it: whoever writes the
/// root (a git remote, a Syncthing peer) may plant links, pipes and huge files there, and a planted link followed
/// once lets them overwrite the vault or any file the user can write.
///
/// The root's own path is the user's choice and is followed; below it, every folder is opened with
/// `O_DIRECTORY | O_NOFOLLOW` relative to its parent's descriptor, and every file with `O_NOFOLLOW` relative to
/// its folder's (`openat`, `mkdirat`, `renameat`, `unlinkat`, `fstatat`). Reads check with `fstat` that the file
/// is regular and within its ``SyncBudget`` before reading a byte; writes go to a fresh temporary name created
/// with `O_EXCL` (a planted name is never opened) and are renamed over the final name (a link there is replaced,
/// never written through). Shared by every transport that works on files (the folder and git ones, and an Apple
/// shell's coordinated folder), so the checks live here once.
struct SyncRootDirectory {
    enum Kind: Equatable {
        case file, folder, link, other(String)
    }

    struct Entry {
        let name: String
        let kind: Kind
    }

    let root: String

    // MARK: - Files

    /// The file's bytes; nil when it or its folder is absent.
    ///
    /// - Throws: ``SyncFileRefusal`` when the file or a folder on its way is not what it should be, or the file
    ///   is above its size budget (nothing is read then).
    func bytes(at path: String) throws -> [UInt8]? {
        let (folder, name) = try Self.split(path)
        return try withFolder(folder, create: false) { directory -> [UInt8]? in
            guard let directory else { return nil }
            let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { return nil }
                if errno == ELOOP { throw SyncFileRefusal(path: path, reason: .unsafeEntry(kind: "a symbolic link", expected: "a regular file")) }
                throw SyncError.transport("cannot read \(path) (\(Self.errorText()))")
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw SyncError.transport("cannot read \(path) (\(Self.errorText()))") }
            let kind = Self.kind(of: status.st_mode)
            guard kind == .file else {
                throw SyncFileRefusal(path: path, reason: .unsafeEntry(kind: Self.describe(kind), expected: "a regular file"))
            }
            let limit = SyncBudget.maximumBytes(forPath: path)
            let size = UInt64(max(0, status.st_size))
            // Checked before anything is allocated: a sparse terabyte costs nothing to plant.
            guard size <= UInt64(limit) else {
                throw SyncFileRefusal(path: path, reason: .fileTooLarge(bytes: size, limit: limit))
            }
            return try Self.readAll(descriptor, count: Int(size), path: path)
        }
    }

    /// Writes under a fresh temporary name, flushes, renames over `path` and flushes the folder: a reader never
    /// sees half a file, and a crash leaves the old file or the new one.
    func store(_ bytes: [UInt8], at path: String) throws {
        let (folder, name) = try Self.split(path)
        try withFolder(folder, create: true) { directory in
            guard let directory else { throw SyncError.transport("cannot create the folder of \(path)") }
            var generator = SystemRandomNumberGenerator()
            var temporary = ""
            var descriptor: Int32 = -1
            // A random name, created exclusively and never followed: a link planted under any guessable name is
            // never opened.
            for _ in 0..<8 where descriptor < 0 {
                temporary = ".tmp-" + String(generator.next(), radix: 16) + "-" + name
                descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                guard descriptor >= 0 || errno == EEXIST else { break }
            }
            guard descriptor >= 0 else { throw SyncError.transport("cannot write \(path) (\(Self.errorText()))") }
            let written = Self.writeAll(descriptor, bytes)
            let synced = fsync(descriptor) == 0
            close(descriptor)
            // rename replaces whatever entry holds the name (a planted link included) without following it.
            guard written, synced, renameat(directory, temporary, directory, name) == 0 else {
                let reason = Self.errorText()
                unlinkat(directory, temporary, 0)
                throw SyncError.transport("cannot write \(path) (\(reason))")
            }
            // The rename itself must survive a power cut, or the batch is lost while the vault says it was written.
            fsync(directory)
        }
    }

    func remove(_ path: String) throws {
        let (folder, name) = try Self.split(path)
        try withFolder(folder, create: false) { directory in
            // unlink removes a link itself, never its target.
            guard let directory, unlinkat(directory, name, 0) != 0, errno != ENOENT else { return }
            throw SyncError.transport("cannot remove \(path) (\(Self.errorText()))")
        }
    }

    /// What identifies the file's current content without reading it: device, inode, size, modification and
    /// change times (the change time cannot be set back by anyone). nil when it is absent or not a regular file.
    func fingerprint(_ path: String) throws -> [UInt8]? {
        let (folder, name) = try Self.split(path)
        return try withFolder(folder, create: false) { directory -> [UInt8]? in
            var status = stat()
            guard let directory, fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
                Self.kind(of: status.st_mode) == .file
            else { return nil }
            #if os(Linux)
            let times = [status.st_mtim.tv_sec, status.st_mtim.tv_nsec, status.st_ctim.tv_sec, status.st_ctim.tv_nsec]
            #else
            let times = [status.st_mtimespec.tv_sec, status.st_mtimespec.tv_nsec, status.st_ctimespec.tv_sec,
                         status.st_ctimespec.tv_nsec]
            #endif
            let values = [UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size)]
                + times.map { UInt64(bitPattern: Int64($0)) }
            return values.flatMap { value in withUnsafeBytes(of: value.bigEndian, Array.init) }
        }
    }

    // MARK: - Folders

    /// The entries of a folder of the root (empty when it is absent), at most ``SyncBudget/maximumFolderEntries``.
    ///
    /// - Throws: ``SyncFileRefusal`` when the folder or one on its way is a link or not a folder, or it holds
    ///   more entries than the budget.
    func list(_ folder: String) throws -> [Entry] {
        try withFolder(folder, create: false) { directory -> [Entry] in
            guard let directory else { return [] }
            let copy = dup(directory)
            guard copy >= 0, let stream = fdopendir(copy) else {
                if copy >= 0 { close(copy) }
                throw SyncError.transport("cannot list \(folder) (\(Self.errorText()))")
            }
            defer { closedir(stream) }
            var entries: [Entry] = []
            // A record is only as long as its name (d_reclen): read its fields in place, never the whole struct.
            let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!
            while let raw = readdir(stream) {
                let record = UnsafeRawPointer(raw)
                let name = String(cString: record.advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
                if name == "." || name == ".." { continue }
                guard entries.count < SyncBudget.maximumFolderEntries else {
                    throw SyncFileRefusal(path: folder, reason: .tooManyEntries(limit: SyncBudget.maximumFolderEntries))
                }
                let type = record.load(fromByteOffset: typeOffset, as: UInt8.self)
                entries.append(Entry(name: name, kind: Self.kind(ofType: type, named: name, in: directory)))
            }
            return entries
        }
    }

    /// The kind of the entry `name` of the folder (or of the root when `folder` is empty); nil when absent.
    func kind(of name: String, in folder: String) throws -> Kind? {
        try withFolder(folder, create: false) { directory -> Kind? in
            var status = stat()
            guard let directory, fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return Self.kind(of: status.st_mode)
        }
    }

    static func describe(_ kind: Kind) -> String {
        switch kind {
        case .file: "a regular file"
        case .folder: "a folder"
        case .link: "a symbolic link"
        case .other(let what): what
        }
    }

    // MARK: - Descriptors

    /// Runs `body` with a descriptor of `folder` (a path relative to the root, "" for the root), reached one
    /// component at a time without following links; nil when a component is absent and `create` is false.
    private func withFolder<T>(_ folder: String, create: Bool, _ body: (Int32?) throws -> T) throws -> T {
        var current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if current < 0, errno == ENOENT, create {
            do {
                try FileManager.default.createDirectory(
                    atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw SyncError.transport("cannot create the folder \(root)")
            }
            current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard current >= 0 else {
            if errno == ENOENT { return try body(nil) }
            throw SyncError.transport("cannot open the folder \(root) (\(Self.errorText()))")
        }
        var reached: [String] = []
        for component in folder.split(separator: "/").map(String.init) {
            reached.append(component)
            var next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, errno == ENOENT, create {
                _ = mkdirat(current, component, 0o700)
                next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            let failure = errno
            if next < 0 {
                var status = stat()
                let found = fstatat(current, component, &status, AT_SYMLINK_NOFOLLOW) == 0 ? Self.kind(of: status.st_mode) : nil
                close(current)
                let path = reached.joined(separator: "/")
                if let found, found != .folder {
                    throw SyncFileRefusal(path: path, reason: .unsafeEntry(kind: Self.describe(found), expected: "a folder"))
                }
                if failure == ENOENT { return try body(nil) }
                throw SyncError.transport("cannot open the folder \(path) (\(String(cString: strerror(failure))))")
            }
            close(current)
            current = next
        }
        defer { close(current) }
        return try body(current)
    }

    private static func kind(ofType type: UInt8, named name: String, in directory: Int32) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .link
        default:
            // Some file systems do not fill d_type.
            var status = stat()
            // Gone since: listed as a file, whose read then finds nothing (not yet arrived, or removed).
            guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .file }
            return kind(of: status.st_mode)
        }
    }

    private static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        case S_IFLNK: .link
        case S_IFIFO: .other("a named pipe")
        case S_IFSOCK: .other("a socket")
        default: .other("a device")
        }
    }

    /// "a/b/c" → ("a/b", "c"); refuses empty, `.` and `..` components (the paths come from batch names and the
    /// listing, but a round must never be talked out of the root).
    private static func split(_ path: String) throws -> (folder: String, name: String) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let name = components.last, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw SyncError.transport("refused the path \(path)")
        }
        return (components.dropLast().joined(separator: "/"), name)
    }

    private static func readAll(_ descriptor: Int32, count: Int, path: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw SyncError.transport("cannot read \(path) (\(errorText()))") }
            // Shorter than it was a moment ago (still arriving): what is there, which will not authenticate.
            if got == 0 { return Array(bytes[..<filled]) }
            filled += got
        }
        return bytes
    }

    // Not SesameSystemCalls' FileDescriptor.writeAll: SesameSync is part of the core the iPhone app links, and the
    // real-SDK check compiles only the core's modules; this loop is the one that stays outside the shared helper.
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let wrote = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { return false }
            done += wrote
        }
        return true
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
