import SesameCrypto
import SesameStore

/// KeePass's typed key-value map (KDF parameters and public custom data in the KDBX 4 outer header), in file order.
struct VariantDictionary: Equatable, Sendable {
    enum Value: Equatable, Sendable {
        case uint32(UInt32), uint64(UInt64), bool(Bool), int32(Int32), int64(Int64), string(String), bytes([UInt8])
    }

    private(set) var entries: [(key: String, value: Value)] = []

    init() {}

    subscript(key: String) -> Value? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    static func == (lhs: VariantDictionary, rhs: VariantDictionary) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
    }

    // MARK: - Reading

    /// KDF parameters have at most seven entries and plugins' public custom data a handful; the header is read
    /// before any password, so its size is the file's.
    static let maximumEntries = 1_024

    init(parsing bytes: [UInt8]) throws {
        var reader = ByteReader(bytes, context: "a variant dictionary")
        let version = try reader.u16()
        guard version & 0xFF00 <= 0x0100 else { throw KeePassError.damaged("a variant dictionary has an unknown version") }
        // Looking each key up in the entries made a dictionary of n entries cost n² comparisons.
        var keys: Set<String> = []
        while true {
            let type = try reader.u8()
            if type == 0 { return }
            guard entries.count < Self.maximumEntries else {
                throw KeePassError.exceedsLimits("a variant dictionary in its header has more than \(BudgetText.grouped(Self.maximumEntries)) entries")
            }
            let keyLength = Int(try reader.u32())
            guard let key = String(strictUTF8: try reader.take(keyLength)) else {
                throw KeePassError.damaged("a variant dictionary key is not UTF-8")
            }
            let data = Array(try reader.take(Int(try reader.u32())))
            let value = try Self.value(type: type, data: data)
            guard keys.insert(key).inserted else { throw KeePassError.damaged("a variant dictionary repeats a key") }
            entries.append((key, value))
        }
    }

    private static func value(type: UInt8, data: [UInt8]) throws -> Value {
        func integer(_ size: Int) throws -> UInt64 {
            guard data.count == size else { throw KeePassError.damaged("a variant dictionary value has the wrong size") }
            return data.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        switch type {
        case 0x04: return .uint32(UInt32(try integer(4)))
        case 0x05: return .uint64(try integer(8))
        case 0x08: return .bool(try integer(1) != 0)
        case 0x0C: return .int32(Int32(bitPattern: UInt32(try integer(4))))
        case 0x0D: return .int64(Int64(bitPattern: try integer(8)))
        case 0x18:
            guard let string = String(strictUTF8: data) else {
                throw KeePassError.damaged("a variant dictionary string is not UTF-8")
            }
            return .string(string)
        case 0x42: return .bytes(data)
        default: throw KeePassError.damaged("a variant dictionary value has an unknown type")
        }
    }

    // MARK: - Writing

    func serialized() -> [UInt8] {
        var out: [UInt8] = .littleEndian(UInt16(0x0100))
        for (key, value) in entries {
            let (type, data): (UInt8, [UInt8]) = switch value {
            case .uint32(let v): (0x04, .littleEndian(v))
            case .uint64(let v): (0x05, .littleEndian(v))
            case .bool(let v): (0x08, [v ? 1 : 0])
            case .int32(let v): (0x0C, .littleEndian(v))
            case .int64(let v): (0x0D, .littleEndian(v))
            case .string(let v): (0x18, Array(v.utf8))
            case .bytes(let v): (0x42, v)
            }
            out.append(type)
            out.appendLittleEndian(UInt32(key.utf8.count))
            out.append(contentsOf: key.utf8)
            out.appendLittleEndian(UInt32(data.count))
            out.append(contentsOf: data)
        }
        out.append(0)
        return out
    }
}
