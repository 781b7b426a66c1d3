import Foundation
import Glibc

/// A pseudo-terminal pair: the test types on the master side, a child uses the slave as its terminal.
///
/// Made with /dev/ptmx and ioctls because posix_openpt, grantpt and ptsname are hidden in the Glibc module.
final class PseudoTerminal {
    let master: Int32
    let slavePath: String
    /// The test's own handle on the slave, to read its settings; opened with O_NOCTTY.
    let slave: Int32
    /// Everything the terminal displayed so far.
    private(set) var output = ""

    /// Whether this system can make pseudo-terminals (some containers have no /dev/ptmx).
    static var isAvailable: Bool {
        let fd = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        // TIOCSPTLCK and TIOCGPTN are _IOW/_IOR macros, which Swift does not import; these are their values.
        let unlock: UInt = 0x4004_5431
        let getNumber: UInt = 0x8004_5430
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure(description: "open /dev/ptmx: errno \(errno)") }
        var locked: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, unlock, &locked) == 0, ioctl(master, getNumber, &number) == 0 else {
            close(master)
            throw Failure(description: "pty ioctl: errno \(errno)")
        }
        slavePath = "/dev/pts/\(number)"
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw Failure(description: "open \(slavePath): errno \(errno)")
        }
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Whether the terminal currently echoes what is typed.
    var isEchoing: Bool {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Types `text`.
    func type(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(master, $0.baseAddress!, $0.count) }
    }

    /// Reads the display until it ends with `suffix`, or the timeout passes; returns the whole output.
    @discardableResult
    func read(until suffix: String, timeout: Duration = .seconds(60)) -> String {
        let deadline = ContinuousClock.now + timeout
        while !output.hasSuffix(suffix) && ContinuousClock.now < deadline {
            readAvailable(waitingMilliseconds: 50)
        }
        return output
    }

    /// Reads what is there, waiting up to `waitingMilliseconds` for the first byte.
    func readAvailable(waitingMilliseconds: Int32 = 200) {
        var pollFD = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var wait = waitingMilliseconds
        var chunk = [UInt8](repeating: 0, count: 1024)
        while poll(&pollFD, 1, wait) > 0 {
            let count = Glibc.read(master, &chunk, chunk.count)
            guard count > 0 else { return }
            output += String(decoding: chunk[..<count], as: UTF8.self)
            wait = 0
        }
    }
}
