import Foundation
import Glibc
import SesameTerminalText

/// Asks a person a question on the controlling terminal (`/dev/tty`) and reads the answer with echo on: standard
/// input and output may be pipes (`sesame get GitHub | wl-copy`) and still the person is asked.
public enum TerminalQuestion {
    /// The longest answer read; more is cut (an answer is a number or a word).
    static let maximumAnswer = 256

    /// Writes `text` to the terminal, escaped by ``TerminalText/sanitized(_:)`` (it quotes titles), and reads one
    /// line; nil when there is no terminal, or at end of input.
    public static func ask(_ text: String) -> String? {
        let fd = FileDescriptorIO.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        FileDescriptorIO.writeAll(fd, TerminalText.sanitized(text))
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            if line.count < maximumAnswer { line.append(byte) }
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `text` to the terminal, escaped; false when there is none.
    @discardableResult
    public static func tell(_ text: String) -> Bool {
        let fd = FileDescriptorIO.open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        FileDescriptorIO.writeAll(fd, TerminalText.sanitized(text))
        return true
    }

    /// The width of the controlling terminal in columns, when known.
    public static var width: Int? {
        let fd = FileDescriptorIO.open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
