import FuzzSupport
@testable import SesameKeePass

/// The payload framings of a KeePass file. The first byte picks one: 0 the KDBX 4 HMAC block stream under a fixed
/// key (seeds carry valid MACs for it), 1 the KDBX 3 hashed block stream, 2 the gzip payload, inflated under a
/// 1 MiB limit (seeds: gzip bombs). None may crash; what the HMAC stream accepts must be what writing it back
/// produces, and inflation never passes its limit.
@main
enum FuzzKDBXBlockStream {
    static let key = [UInt8](repeating: 0x42, count: 64)
    static let inflationLimit = 1 << 20

    static func main() {
        LibFuzzer.run { bytes in
            guard let mode = bytes.first else { return }
            let input = Array(bytes.dropFirst())
            switch mode % 3 {
            case 0:
                guard let data = try? HMACBlockStream.read(input, from: 0, baseKey: key) else { return }
                let again = try? HMACBlockStream.read(HMACBlockStream.write(data, baseKey: key, blockSize: 64), from: 0, baseKey: key)
                precondition(again == data, "HMAC block stream data does not survive a write and a read")
            case 1:
                _ = try? HashedBlockStream.read(input, from: 0)
            default:
                // A limit the seeds' bombs pass (a 64 KiB input can inflate to 66 MB): it must hold exactly.
                guard let data = try? Gzip.decompress(input, limit: Self.inflationLimit) else { return }
                precondition(data.count <= Self.inflationLimit, "gzip inflated past its limit")
                precondition((try? Gzip.decompress(Gzip.compress(data), limit: data.count)) == data, "gzip does not round-trip")
            }
        }
    }
}
