import Glibc
import SesameCrypto

/// Reads one line from a file descriptor straight into zeroed-on-free memory.
///
/// One byte per `read(2)`: the line never passes through a Swift `String` or `Array` (which could leave copies
/// behind), and nothing after the newline is consumed, so the next reader of the descriptor loses nothing.
/// Secrets are short, so the extra system calls cost nothing noticeable.
struct SecretLineReader {
    let fd: Int32
    /// Bytes allowed before the newline.
    var capacity = SecretPrompt.maximumLength

    /// The next line without its `\n` or `\r\n`, or `nil` at end of input with nothing read.
    ///
    /// - Parameter shouldStop: Asked after `EINTR`; `true` abandons the line with ``SecretInputError/interrupted``,
    ///   `false` retries the read.
    func readLine(shouldStop: () -> Bool = { false }) throws(SecretInputError) -> SecureBytes? {
        let buffer = SecureBytes(count: capacity)
        // SecureBytes' closures rethrow untyped errors, so the loop hands back a Result instead of throwing.
        let outcome = buffer.withUnsafeMutableBytes { bytes -> Result<Int?, SecretInputError> in
            var length = 0
            var sawAnything = false
            var overflowed = false
            var discarded: UInt8 = 0
            while true {
                // Read into the secure buffer itself; once it is full, into a byte that is thrown away.
                let isFull = length == bytes.count
                let result = isFull ? read(fd, &discarded, 1) : read(fd, bytes.baseAddress! + length, 1)
                if result < 0 {
                    let error = errno
                    if error != EINTR { return .failure(.readFailed("read", errorNumber: error)) }
                    if shouldStop() { return .failure(.interrupted) }
                    continue
                }
                if result == 0 { break }
                sawAnything = true
                if (isFull ? discarded : bytes[length]) == UInt8(ascii: "\n") {
                    if !isFull { bytes[length] = 0 }
                    break
                }
                if isFull {
                    // Keep reading to the end of the line so that the next line starts where it should.
                    overflowed = true
                } else {
                    length += 1
                }
            }
            discarded = 0
            if overflowed { return .failure(.tooLong) }
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
