import FuzzSupport
import Glibc
@testable import SesameAgent

/// Any bytes as what a client sends down the agent's socket. The agent reads frames with its real limit and
/// decodes each as it does (the message, else its header), until the stream ends or breaks.
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
                if (try? WireCoding.decode(ClientMessage.self, from: frame)) == nil {
                    _ = try? WireCoding.decode(ClientMessageHeader.self, from: frame)
                }
            }
        }
    }
}
