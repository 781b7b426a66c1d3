import Foundation
import SesameAgentLink
import SesameCrypto

extension Frame {
    static func write(_ data: Data, to socket: UnixSocket, until deadline: Deadline) throws(SocketIOError) {
        try data.withUnsafeBytes { bytes in captureFailure { () throws(SocketIOError) in try write(bytes, to: socket, until: deadline) } }.get()
    }

    /// Reads one frame straight into secure memory, so the secret never sits in an ordinary buffer.
    static func readSecret(from socket: UnixSocket, limit: Int, idle: Deadline, frameTimeout: Double)
        throws(SocketIOError) -> SecureBytes
    {
        let (length, deadline) = try readLength(from: socket, limit: limit, idle: idle, frameTimeout: frameTimeout)
        let secret = SecureBytes(count: length)
        if length > 0 {
            try secret.withUnsafeMutableBytes { buffer in
                captureFailure { () throws(SocketIOError) in try socket.readExactly(buffer, until: deadline, atFrameStart: false) }
            }.get()
        }
        return secret
    }
}

/// Runs `body` and keeps its typed error in a `Result`, for closures passed to `rethrows` functions (which would
/// widen the error to `any Error`).
private func captureFailure<Failure: Error>(_ body: () throws(Failure) -> Void) -> Result<Void, Failure> {
    do {
        try body()
        return .success(())
    } catch {
        return .failure(error)
    }
}

/// Wipes a temporary copy of bytes that may have held a secret (a JSON frame, an encoded reply).
func zeroize(_ data: inout Data) {
    guard !data.isEmpty else { return }
    data.withUnsafeMutableBytes { buffer in
        if let base = buffer.baseAddress { memset(base, 0, buffer.count) }
    }
}
