import Foundation
import Glibc
import SesameSystemCalls

/// Native messaging's framing, both ways: a 4-byte length in the machine's byte order (little-endian on every
/// platform Sesame runs on), then that many bytes of UTF-8 JSON. The browser closes standard input to end the host.
public struct NativeMessageReader {
    /// KeePassXC's limit, both ways (and Chrome's for what a host sends): 1 MiB.
    public static let maximumLength = 1024 * 1024

    public enum Failure: Error, Equatable {
        /// A length above the limit: the stream cannot be trusted any further.
        case tooLarge(Int)
        /// The input ended inside a message.
        case truncated
    }

    /// Bytes read and not yet handed out start at `start`: taking a message moves `start`, and the consumed front
    /// is dropped only once it is half the buffer, so many small messages in one read cost linear time, not a copy
    /// of the rest of the buffer each.
    private var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    /// Adds bytes read from the input.
    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message, or nil when more bytes are needed. The length is checked against the limit as
    /// soon as its four bytes are in, before the message is gathered.
    public mutating func next() throws(Failure) -> [UInt8]? {
        guard buffer.count - start >= 4 else { return nil }
        let length = Int(UInt32(buffer[start]) | UInt32(buffer[start + 1]) << 8 | UInt32(buffer[start + 2]) << 16
            | UInt32(buffer[start + 3]) << 24)
        guard length <= Self.maximumLength else { throw .tooLarge(length) }
        guard buffer.count - start >= 4 + length else { return nil }
        let message = Array(buffer[(start + 4)..<(start + 4 + length)])
        start += 4 + length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return message
    }

    /// At the end of the input: fails when a message was cut short.
    public func finish() throws(Failure) {
        guard buffer.count == start else { throw .truncated }
    }

    /// One message framed for the browser.
    public static func frame(_ message: [UInt8]) -> [UInt8] {
        let length = UInt32(message.count)
        return [UInt8(length & 0xFF), UInt8((length >> 8) & 0xFF), UInt8((length >> 16) & 0xFF), UInt8(length >> 24)]
            + message
    }

    /// The other direction: writes one framed message whole (retrying short writes), or nothing once the
    /// browser has gone.
    public static func write(_ framed: [UInt8], to fd: Int32) {
        try? FileDescriptor(rawValue: fd).writeAll(framed)
    }

    /// Reads `fd` until the end of input, handing each message to `body`.
    public static func readMessages(from fd: Int32, _ body: ([UInt8]) -> Void) throws(Failure) {
        var reader = NativeMessageReader()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            reader.append(chunk[0..<count])
            while let message = try reader.next() { body(message) }
        }
        try reader.finish()
    }
}
