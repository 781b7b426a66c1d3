import CSDBus
import Glibc

/// A borrowed `sd_bus_message` (a call being read, or a reply or signal being written). The typed reads and
/// appends wrap sd-bus's non-variadic calls; any failure becomes `InvalidArgs` (a client's malformed argument) or
/// `Failed` (out of memory while writing).
struct BusMessage {
    let handle: OpaquePointer

    private static func code(_ character: Character) -> CChar { CChar(bitPattern: character.asciiValue!) }

    // MARK: - Reading

    private func check(_ result: Int32, _ what: String) throws(BusError) {
        guard result > 0 else { throw .invalidArgs("Expected \(what).") }
    }

    /// A string (or object path) of at most `limit` bytes, measured in sd-bus's buffer before it is copied.
    func readString(_ type: Character = "s", limit: Int = BusBudget.stringBytes) throws(BusError) -> String {
        var pointer: UnsafePointer<CChar>?
        try check(sd_bus_message_read_basic(handle, Self.code(type), &pointer), type == "o" ? "an object path" : "a string")
        guard let pointer else { return "" }
        guard strnlen(pointer, limit + 1) <= limit else {
            throw .invalidArgs("\(type == "o" ? "An object path" : "A string") argument is longer than the \(BusBudget.describe(bytes: limit)) Sesame reads.")
        }
        return String(cString: pointer)
    }

    func readObjectPath() throws(BusError) -> String { try readString("o") }

    func readBool() throws(BusError) -> Bool {
        var value: Int32 = 0
        try check(sd_bus_message_read_basic(handle, Self.code("b"), &value), "a boolean")
        return value != 0
    }

    /// A byte array of at most `limit` bytes (`what` names it in the error), checked before it is copied.
    func readBytes(limit: Int, what: String) throws(BusError) -> [UInt8] {
        var pointer: UnsafeRawPointer?
        var size = 0
        let result = sd_bus_message_read_array(handle, Self.code("y"), &pointer, &size)
        guard result >= 0 else { throw .invalidArgs("Expected a byte array.") }
        guard size <= limit else {
            throw .invalidArgs("\(what) is longer than the \(BusBudget.describe(bytes: limit)) Sesame reads.")
        }
        guard let pointer, size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: size))
    }

    func enter(_ type: Character, _ contents: String?) throws(BusError) {
        try check(sd_bus_message_enter_container(handle, Self.code(type), contents), "a container '\(contents ?? "")'")
    }

    /// Enters the next container when there is one; false at the end of the enclosing array.
    func enterIfPresent(_ type: Character, _ contents: String) throws(BusError) -> Bool {
        let result = sd_bus_message_enter_container(handle, Self.code(type), contents)
        guard result >= 0 else { throw .invalidArgs("Expected a container '\(contents)'.") }
        return result > 0
    }

    func exit() throws(BusError) {
        guard sd_bus_message_exit_container(handle) >= 0 else { throw .invalidArgs("Malformed container.") }
    }

    /// The signature of the next value inside a variant, or nil at the end of the message.
    func peekVariantContents() throws(BusError) -> String? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        let result = sd_bus_message_peek_type(handle, &type, &contents)
        guard result >= 0 else { throw .invalidArgs("Malformed message.") }
        guard result > 0 else { return nil }
        return contents.map { String(cString: $0) }
    }

    func skip() throws(BusError) {
        guard sd_bus_message_skip(handle, nil) >= 0 else { throw .invalidArgs("Malformed message.") }
    }

    /// `as` or `ao` of at most ``BusBudget/objectPaths`` elements.
    func readStringArray(_ type: Character = "s") throws(BusError) -> [String] {
        try enter("a", String(type))
        var values: [String] = []
        while sd_bus_message_at_end(handle, 0) == 0 {
            guard values.count < BusBudget.objectPaths else {
                throw .invalidArgs("The list holds more than the \(BusBudget.objectPaths) elements Sesame reads.")
            }
            values.append(try readString(type))
        }
        try exit()
        return values
    }

    /// `a{ss}`: at most ``BusBudget/attributePairs`` pairs of ``BusBudget/attributeBytes`` together.
    func readAttributes() throws(BusError) -> [String: String] {
        try enter("a", "{ss}")
        var attributes: [String: String] = [:]
        var bytes = 0
        var pairs = 0
        while try enterIfPresent("e", "ss") {
            pairs += 1
            guard pairs <= BusBudget.attributePairs else {
                throw .invalidArgs("The attributes hold more than the \(BusBudget.attributePairs) pairs Sesame reads.")
            }
            let name = try readString()
            let value = try readString()
            bytes += name.utf8.count + value.utf8.count
            guard bytes <= BusBudget.attributeBytes else {
                throw .invalidArgs("The attributes are longer than the \(BusBudget.describe(bytes: BusBudget.attributeBytes)) Sesame reads.")
            }
            attributes[name] = value
            try exit()
        }
        try exit()
        return attributes
    }

    // MARK: - Writing

    private func write(_ result: Int32) throws(BusError) {
        guard result >= 0 else { throw .failed("Could not build the reply.") }
    }

    func append(_ value: String, as type: Character = "s") throws(BusError) {
        try write(value.withCString { sd_bus_message_append_basic(handle, Self.code(type), $0) })
    }

    func appendObjectPath(_ path: String) throws(BusError) { try append(path, as: "o") }

    func append(_ value: Bool) throws(BusError) {
        var number: Int32 = value ? 1 : 0
        try write(sd_bus_message_append_basic(handle, Self.code("b"), &number))
    }

    func append(_ value: UInt64) throws(BusError) {
        var number = value
        try write(sd_bus_message_append_basic(handle, Self.code("t"), &number))
    }

    func append(bytes: [UInt8]) throws(BusError) {
        try write(bytes.withUnsafeBytes { sd_bus_message_append_array(handle, Self.code("y"), $0.baseAddress, $0.count) })
    }

    func open(_ type: Character, _ contents: String) throws(BusError) {
        try write(sd_bus_message_open_container(handle, Self.code(type), contents))
    }

    func close() throws(BusError) {
        try write(sd_bus_message_close_container(handle))
    }

    func append(objectPaths: [String]) throws(BusError) {
        try open("a", "o")
        for path in objectPaths { try appendObjectPath(path) }
        try close()
    }

    func append(attributes: [String: String]) throws(BusError) {
        try open("a", "{ss}")
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            try open("e", "ss")
            try append(name)
            try append(value)
            try close()
        }
        try close()
    }

    /// A secret struct `(oayays)`.
    func append(secret: TransportSecret) throws(BusError) {
        try open("r", "oayays")
        try appendObjectPath(secret.session)
        try append(bytes: secret.parameters)
        try append(bytes: secret.value)
        try append(secret.contentType)
        try close()
    }

    func readSecret() throws(BusError) -> TransportSecret {
        try enter("r", "oayays")
        let secret = TransportSecret(
            session: try readObjectPath(),
            parameters: try readBytes(limit: BusBudget.parameterBytes, what: "A secret's parameters"),
            value: try readBytes(limit: BusBudget.secretBytes, what: "A secret"), contentType: try readString())
        try exit()
        return secret
    }

    // MARK: - About the call

    var path: String { sd_bus_message_get_path(handle).map { String(cString: $0) } ?? "" }
    var interface: String { sd_bus_message_get_interface(handle).map { String(cString: $0) } ?? "" }
    var member: String { sd_bus_message_get_member(handle).map { String(cString: $0) } ?? "" }
    var sender: String { sd_bus_message_get_sender(handle).map { String(cString: $0) } ?? "" }
}
