import Glibc

/// The value on the clipboard, in one buffer of its own: locked in memory (never swapped out), never copied into
/// arrays that outlive a paste, and zeroed when released.
public final class ClipboardSecret {
    private let buffer: UnsafeMutableRawBufferPointer
    public private(set) var count = 0

    /// Reads `descriptor` to its end; nil when it holds more than ``ClipboardOffer/maximumSecret`` bytes.
    public init?(readingToEndOf descriptor: Int32) {
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ClipboardOffer.maximumSecret + 1, alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        _ = mlock(buffer.baseAddress, buffer.count)
        while count < buffer.count {
            let read = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { break }
            count += read
        }
        guard count <= ClipboardOffer.maximumSecret else { return nil }
    }

    /// For tests.
    public init(_ bytes: [UInt8]) {
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        buffer.copyBytes(from: bytes)
        count = bytes.count
    }

    deinit {
        memset(buffer.baseAddress!, 0, buffer.count)
        munlock(buffer.baseAddress, buffer.count)
        buffer.deallocate()
    }

    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }

    /// The bytes a paste of `payload` gets, for the time of `body`.
    public func withBytes<R>(of payload: ClipboardOffer.Payload, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch payload {
        case .secret: return try withBytes(body)
        case .hint: return try ClipboardOffer.hintValue.withUnsafeBytes(body)
        }
    }
}
