/// One message of the Wayland wire protocol: the object it is for, the opcode, and its arguments' bytes.
///
/// On the wire (native byte order, little-endian on every platform Sesame runs on): the object id (32 bits), then
/// the message's size in bytes (upper 16 bits, header included) and opcode (lower 16 bits), then the arguments,
/// each a multiple of 4 bytes. File descriptors travel beside the bytes (SCM_RIGHTS), not in them.
public struct WaylandMessage: Equatable, Sendable {
    public var object: UInt32
    public var opcode: UInt16
    public var arguments: [UInt8]

    public init(object: UInt32, opcode: UInt16, arguments: [UInt8] = []) {
        self.object = object
        self.opcode = opcode
        self.arguments = arguments
    }

    /// The largest message the reader accepts: libwayland's own limit (its connection buffer).
    public static let maximumSize = 4096
    static let headerSize = 8

    /// The message as bytes to send.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerSize + arguments.count)
        Self.append(object, to: &bytes)
        Self.append(UInt32(Self.headerSize + arguments.count) << 16 | UInt32(opcode), to: &bytes)
        return bytes + arguments
    }

    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}

/// Builds a message's arguments in the wire's encodings.
public struct WaylandArguments {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// `uint`, `int`, `object` and `new_id` arguments: 32 bits.
    public mutating func add(_ value: UInt32) {
        WaylandMessage.append(value, to: &bytes)
    }

    /// A `string`: its length with the NUL, the bytes, the NUL, zeros up to a multiple of 4.
    public mutating func add(_ text: String) {
        let utf8 = Array(text.utf8)
        add(UInt32(utf8.count + 1))
        bytes += utf8 + [0]
        while bytes.count % 4 != 0 { bytes.append(0) }
    }
}

/// Why the bytes from the compositor cannot be read: the connection is then closed, never guessed at.
public struct WaylandProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reads messages out of the bytes received, keeping an incomplete one for the next read.
public struct WaylandMessageReader {
    private var pending: [UInt8] = []

    public init() {}

    /// Adds received bytes; a peer that sends more than a few messages' worth without a complete one is refused.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(WaylandProtocolError) {
        pending += bytes
        if pending.count > 4 * WaylandMessage.maximumSize {
            throw WaylandProtocolError("The compositor sent more than \(4 * WaylandMessage.maximumSize) bytes without a whole message.")
        }
    }

    /// The next complete message, or nil until more bytes arrive.
    public mutating func next() throws(WaylandProtocolError) -> WaylandMessage? {
        guard pending.count >= WaylandMessage.headerSize else { return nil }
        let object = Self.uint32(pending, at: 0)
        let sizeAndOpcode = Self.uint32(pending, at: 4)
        let size = Int(sizeAndOpcode >> 16)
        guard size >= WaylandMessage.headerSize, size % 4 == 0, size <= WaylandMessage.maximumSize else {
            throw WaylandProtocolError("The compositor sent a message of \(size) bytes.")
        }
        guard pending.count >= size else { return nil }
        let message = WaylandMessage(
            object: object, opcode: UInt16(sizeAndOpcode & 0xFFFF),
            arguments: Array(pending[WaylandMessage.headerSize..<size]))
        pending.removeFirst(size)
        return message
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}

/// Reads a message's arguments in order; every read checks the bytes left.
public struct WaylandArgumentReader {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ message: WaylandMessage) {
        bytes = message.arguments
    }

    public mutating func uint() throws(WaylandProtocolError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw WaylandProtocolError("A message ended inside an argument.") }
        defer { offset += 4 }
        return WaylandMessageReader.uint32(bytes, at: offset)
    }

    /// A `string` argument; nil for a null string (length 0).
    public mutating func string() throws(WaylandProtocolError) -> String? {
        let length = Int(try uint())
        guard length > 0 else { return nil }
        let padded = (length + 3) & ~3
        guard padded <= bytes.count - offset else { throw WaylandProtocolError("A string runs past its message.") }
        guard bytes[offset + length - 1] == 0 else { throw WaylandProtocolError("A string lacks its NUL.") }
        defer { offset += padded }
        return String(decoding: bytes[offset..<(offset + length - 1)], as: UTF8.self)
    }
}
