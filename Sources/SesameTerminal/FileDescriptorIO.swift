import Glibc
import SesameSystemCalls

/// The few raw system calls this module makes, with `EINTR` retried in one place.
enum FileDescriptorIO {
    /// Writes all of `bytes`, retrying short writes and `EINTR`; gives up quietly on other errors (a closed pipe
    /// must not turn an error report into a crash).
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        try? FileDescriptor(rawValue: fd).writeAll(bytes)
    }

    static func writeAll(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// `open(2)` retried on `EINTR`; returns -1 with `errno` set on failure.
    static func open(_ path: String, _ flags: Int32) -> Int32 {
        while true {
            let fd = Glibc.open(path, flags)
            if fd >= 0 || errno != EINTR { return fd }
        }
    }

    /// `tcsetattr(2)` retried on `EINTR`.
    @discardableResult
    static func setAttributes(_ fd: Int32, _ attributes: UnsafePointer<termios>) -> Bool {
        while true {
            if tcsetattr(fd, TCSAFLUSH, attributes) == 0 { return true }
            if errno != EINTR { return false }
        }
    }
}
