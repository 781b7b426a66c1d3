import Glibc
import SesameCrypto

/// Reads one line from a file descriptor straight into zeroed-on-free memory.
///
/// One byte per `read(2)`: the line never passes through a Swift `String` or `Array` (which could leave copies
/// behind), and nothing after the newline is consumed, so the next reader of the descriptor loses nothing.
/// Secrets are short, so the extra system calls cost nothing noticeable. A line longer than ``capacity`` is refused
/// as soon as it overflows: reading on to its end could take minutes for a file of megabytes (or forever for
/// `/dev/zero`), and the command fails anyway.
struct SecretLineReader {
    let fd: Int32
    /// Bytes allowed before the newline.
    var capacity = SecretPrompt.maximumLength

    /// The next line without its `\n` or `\r\n`, or `nil` at end of input with nothing read.
    ///
    /// - Parameter shouldStop: Asked after `EINTR`; `true` abandons the line with ``SecretInputError/interrupted``,
    ///   `false` retries the read.
    func readLine(shouldStop: () -> Bool = { false }) throws(SecretInputError) -> SecureBytes? {
        // One byte more than the capacity: room for the newline of a line that exactly fits.
        let buffer = SecureBytes(count: capacity + 1)
        // SecureBytes' closures rethrow untyped errors, so the loop hands back a Result instead of throwing.
        let outcome = buffer.withUnsafeMutableBytes { bytes -> Result<Int?, SecretInputError> in
            var length = 0
            var sawAnything = false
            while true {
                // One byte past the capacity is still read, into the buffer's last byte, to tell a line that
                // exactly fits (the byte is its newline) from one that is too long.
                let result = read(fd, bytes.baseAddress! + length, 1)
                if result < 0 {
                    let error = errno
                    if error != EINTR { return .failure(.readFailed("read", errorNumber: error)) }
                    if shouldStop() { return .failure(.interrupted) }
                    continue
                }
                if result == 0 { break }
                sawAnything = true
                if bytes[length] == UInt8(ascii: "\n") {
                    bytes[length] = 0
                    break
                }
                length += 1
                if length == bytes.count { return .failure(.tooLong) }
            }
            guard sawAnything else { return .success(nil) }
            if length > 0 && bytes[length - 1] == UInt8(ascii: "\r") {
                bytes[length - 1] = 0
                length -= 1
            }
            return .success(length)
        }
        guard let length = try outcome.get() else { return nil }
        return buffer.withUnsafeBytes { SecureBytes(copying: $0[..<length]) }
    }
}
