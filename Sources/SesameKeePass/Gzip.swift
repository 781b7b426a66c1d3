import CZlib

/// gzip (RFC 1952) through zlib, for the compressed payload and KDBX 3 compressed attachments.
enum Gzip {
    /// zlib's window bits for a gzip wrapper (15 + 16).
    private static let gzipWindowBits: Int32 = 31
    /// A limit on the expanded size: a small hostile file must not inflate into all of memory.
    static let maximumInflatedSize = 1 << 31

    static func decompress(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, gzipWindowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw KeePassError.damaged("the compressed payload could not be opened")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
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
                output.append(contentsOf: chunk[..<produced])
                guard output.count <= maximumInflatedSize else { throw KeePassError.damaged("the payload expands beyond 2 GiB") }
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
