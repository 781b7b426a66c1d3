import FuzzSupport
import Glibc
@testable import SesameAgent
import SesameAgentLink

/// Any bytes as what a client sends down the agent's socket, read as the agent's server reads them: frames with
/// its real limit, each decoded as a `WireRequest` (the fast reader of the fronts' requests first, then
/// `WireCoding`); a known operation's secret frames (master passwords) are read next into locked memory. Whatever
/// the fast reader reads, `WireCoding` must read as the same request; an operation with a type of its own (`AgentOperations`, the vault's or the connection's) also reads its own fields from
/// the frame, and what its fast reader (`FastReadableRequest`) reads, the decoder reads the same. A frame that is no request is also decoded as a `WireReply`, what a client decodes
/// from the agent.
@main
enum FuzzAgentFrame {
    static func main() {
        LibFuzzer.run { bytes in
            // Everything is written before the agent side reads, so the input must fit the socket's buffer.
            guard bytes.count <= 64 * 1024 else { return }
            var pair: [Int32] = [0, 0]
            precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0, "socketpair failed")
            let agent = UnixSocket(adopting: pair[0])
            precondition(bytes.isEmpty || write(pair[1], bytes.baseAddress, bytes.count) == bytes.count, "short write")
            close(pair[1])
            while let frame = try? Frame.read(
                from: agent, limit: AgentProtocol.maximumRequestFrame, idle: .never, frameTimeout: 1)
            {
                let fast = WireFastCoding.request(frame)
                let decoded = try? WireCoding.decode(WireRequest.self, from: frame)
                if let fast {
                    precondition(decoded != nil, "the fast reader read a frame WireCoding refuses")
                    precondition((try? WireCoding.encode(fast)) == (try? WireCoding.encode(decoded!)),
                                 "the fast reader read another request than WireCoding")
                }
                guard let request = fast ?? decoded else {
                    _ = try? WireCoding.decode(WireReply.self, from: frame)
                    continue
                }
                guard let policy = AgentOperations.policy(of: request.type) else { continue }
                // An operation with a type of its own reads its fields again, as the server does.
                if let operation = AgentOperations.named(request.type) {
                    _ = operation.canRead(frame)
                    precondition(operation.fastReadingAgrees(with: frame), "an operation's fast reader read another request than WireCoding")
                }
                if let operation = AgentOperations.servedByConnection(request.type) {
                    _ = operation.canRead(frame)
                }
                for _ in 0..<policy.secretFrames {
                    _ = try? Frame.readSecret(
                        from: agent, limit: AgentProtocol.maximumSecretFrame, idle: .never, frameTimeout: 1)
                }
            }
        }
    }
}
