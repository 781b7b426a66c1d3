import Glibc

/// A pipe whose ends are not inherited by accident; the read end is drained without blocking.
final class FilePipe {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0, "pipe failed")
        // pipe2(O_CLOEXEC) is not visible without _GNU_SOURCE; the child gets ends only through explicit dup2.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(readEnd)
        closeWriteEnd()
    }

    func write(_ text: String) {
        Self.write(text, to: writeEnd)
    }

    /// Writes all of `text` to `fd`, blocking as needed.
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    /// Everything written so far (after the writers are gone, everything).
    func drain() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(readEnd, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
