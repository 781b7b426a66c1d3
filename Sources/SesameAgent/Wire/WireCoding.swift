import Foundation

/// JSON coders for the wire: Foundation's date and data strategies, which round-trip every `Date` and `Data`
/// exactly; sorted keys and unescaped slashes, so every frame is exactly the bytes docs/agent-protocol.md shows.
enum WireCoding {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            try JSONDecoder().decode(type, from: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!),
                                                      count: buffer.count, deallocator: .none))
        }
    }
}
