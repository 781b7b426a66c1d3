import CSodium

/// The wire framing: a 4-byte big-endian length, then that many bytes (UTF-8 JSON, or the raw secret that follows
/// an unlock message). See docs/agent-protocol.md.
public enum Frame {
    public static let headerSize = 4

    /// The 4-byte big-endian length that starts a frame.
    public static func header(length: Int) -> [UInt8] {
        let length = UInt32(length)
        return [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
    }

    /// Writes one frame. Small frames go out in one `send`, so a reader never sees a header without its body.
    public static func write(_ payload: UnsafeRawBufferPointer, to socket: UnixSocket, until deadline: Deadline)
        throws(SocketIOError)
    {
        precondition(payload.count <= Int(UInt32.max))
        let header = header(length: payload.count)
        if payload.count <= 64 * 1024 {
            var buffer = [UInt8](repeating: 0, count: headerSize + payload.count)
            defer { buffer.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) } }
            buffer.withUnsafeMutableBytes { target in
                target.copyBytes(from: header)
                if payload.count > 0 {
                    UnsafeMutableRawBufferPointer(rebasing: target[headerSize...]).copyMemory(from: payload)
                }
            }
            try buffer.withUnsafeBytes { bytes in capture { () throws(SocketIOError) in try socket.writeAll(bytes, until: deadline) } }.get()
        } else {
            try header.withUnsafeBytes { bytes in capture { () throws(SocketIOError) in try socket.writeAll(bytes, until: deadline) } }.get()
            try socket.writeAll(payload, until: deadline)
        }
    }

    /// Reads one frame's length: waits until `idle` for the first byte, then the whole frame must arrive before the
    /// returned deadline.
    public static func readLength(
        from socket: UnixSocket, limit: Int, idle: Deadline, frameTimeout: Double
    ) throws(SocketIOError) -> (length: Int, deadline: Deadline) {
        var header = [UInt8](repeating: 0, count: headerSize)
        var deadline = Deadline.never
        try header.withUnsafeMutableBytes { buffer in
            capture { () throws(SocketIOError) in
                try socket.readExactly(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<1]), until: idle, atFrameStart: true)
                deadline = .after(frameTimeout)
                try socket.readExactly(buffer, from: 1, until: deadline, atFrameStart: false)
            }
        }.get()
        let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        guard length <= limit else { throw .tooLarge(length: length, limit: limit) }
        return (length, deadline)
    }

    /// Reads one frame of at most `limit` bytes. The caller zeroes the bytes once it has decoded them.
    public static func read(from socket: UnixSocket, limit: Int, idle: Deadline, frameTimeout: Double)
        throws(SocketIOError) -> [UInt8]
    {
        let (length, deadline) = try readLength(from: socket, limit: limit, idle: idle, frameTimeout: frameTimeout)
        var failure: SocketIOError?
        let payload = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            do throws(SocketIOError) {
                try socket.readExactly(UnsafeMutableRawBufferPointer(buffer), until: deadline, atFrameStart: false)
                initialized = length
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return payload
    }
}

/// Runs `body` and keeps its typed error in a `Result`, for closures passed to `rethrows` functions (which would
/// widen the error to `any Error`).
func capture<Failure: Error>(_ body: () throws(Failure) -> Void) -> Result<Void, Failure> {
    do {
        try body()
        return .success(())
    } catch {
        return .failure(error)
    }
}
