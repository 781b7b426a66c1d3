import FuzzSupport
import SesameClipboard

/// Any bytes as what a Wayland compositor sends `sesame-clipboard`: fed to the message reader in pieces whose sizes
/// the first byte chooses, each message read back as the arguments the owner reads (uint, string, in an order the
/// message's opcode picks). Whatever is accepted must encode back to the bytes it came from; nothing may trap.
@main
enum FuzzWaylandMessage {
    static func main() {
        LibFuzzer.run { data in
            let bytes = Array(data)
            guard let first = bytes.first else { return }
            let piece = Int(first % 61) + 1
            var reader = WaylandMessageReader()
            var consumed: [UInt8] = []
            var offset = 1
            do {
                while offset < bytes.count {
                    let end = min(bytes.count, offset + piece)
                    try reader.append(bytes[offset..<end])
                    offset = end
                    while let message = try reader.next() {
                        consumed += message.encoded
                        var arguments = WaylandArgumentReader(message)
                        for step in 0..<8 {
                            if (Int(message.opcode) >> step) & 1 == 1 { _ = try arguments.string() } else { _ = try arguments.uint() }
                        }
                    }
                }
            } catch {
                return
            }
            precondition(Array(bytes[1..<(1 + consumed.count)]) == consumed, "a message does not encode back to its bytes")
        }
    }
}
