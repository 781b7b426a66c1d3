import CZlib

/// gzip (RFC 1952) through zlib, for the compressed payload and KDBX 3 compressed attachments.
enum Gzip {
    /// zlib's window bits for a gzip wrapper (15 + 16).
    private static let gzipWindowBits: Int32 = 31
    /// The most deflate inflates: 258 bytes from 2 bits (zlib's technical details, "maximum compression factor").
    private static let maximumRatio = 1032
    /// Inflates `input`, refusing as soon as the output would pass `limit` bytes. The output grows only as far as
    /// the stream really inflates: the size the stream records is a hint, never trusted.
    static func decompress(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, gzipWindowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw KeePassError.damaged("the compressed payload could not be opened")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        // gzip ends with the inflated size mod 2^32: honest files then need one allocation. Deflate cannot inflate
        // more than 1,032 times, which bounds what a lying size can reserve.
        if input.count >= 4 {
            let recorded = input.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
            output.reserveCapacity(min(recorded, limit, input.count * maximumRatio))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = input
        return try input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (code, produced) = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    let code = inflate(&stream, Z_NO_FLUSH)
                    return (code, buffer.count - Int(stream.avail_out))
                }
                guard produced <= limit - output.count else {
                    throw KeePassError.exceedsLimits("its payload inflates beyond \(BudgetText.size(limit))")
                }
                output.append(contentsOf: chunk[..<produced])
                switch code {
                case Z_STREAM_END: return output
                case Z_OK: if produced == 0 && stream.avail_in == 0 { fallthrough } else { continue }
                default: throw KeePassError.damaged("the compressed payload is corrupt")
                }
            }
        }
    }

    static func compress(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 6, Z_DEFLATED, gzipWindowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw KeePassError.damaged("compression could not start")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 64)
        var input = input
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = destination.baseAddress
                stream.avail_out = UInt32(destination.count)
                let code = deflate(&stream, Z_FINISH)
                return code == Z_STREAM_END ? destination.count - Int(stream.avail_out) : -1
            }
        }
        guard written >= 0 else { throw KeePassError.damaged("compression failed") }
        output.removeSubrange(written...)
        return output
    }
}
