import Glibc
import SesameCrypto

/// Reads Assuan responses byte by byte (so nothing beyond a response is consumed), decoding `D` lines into
/// secure memory.
struct AssuanReader {
    let descriptor: Int32

    struct Response {
        var ok: Bool
        var cancelled: Bool
        var data: SecureBytes?
    }

    /// The next `OK` or `ERR`, with the data lines before it; nil at end of file.
    func response() -> Response? {
        var data: [UInt8] = []
        defer { zeroize(&data) }
        while var line = readLine() {
            defer { zeroize(&line) }
            if line.starts(with: Array("D ".utf8)) {
                data += Self.unescape(line.dropFirst(2))
            } else if line == Array("OK".utf8) || line.starts(with: Array("OK ".utf8)) {
                return Response(ok: true, cancelled: false, data: data.isEmpty ? nil : SecureBytes(copying: data))
            } else if line.starts(with: Array("ERR".utf8)) {
                let code = String(decoding: line.dropFirst(4).prefix { $0 != 0x20 }, as: UTF8.self)
                // GPG_ERR_CANCELED, or GPG_ERR_TIMEOUT after SETTIMEOUT: the person did not say yes.
                return Response(ok: false, cancelled: code == "83886179" || code == "83886142", data: nil)
            }
            // Status (S) and comment (#) lines carry nothing we need.
        }
        return nil
    }

    private func readLine() -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : line }
            if byte == 0x0A { return line }
            line.append(byte)
        }
    }

    static func unescape(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x25, index + 2 < bytes.endIndex, let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                output.append(value)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
