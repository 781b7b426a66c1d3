/// A D-Bus error reply: its name and one sentence. Messages never carry a secret.
public struct BusError: Error, Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(_ name: String, _ message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    static func noSuchObject(_ path: String) -> BusError {
        BusError("org.freedesktop.Secret.Error.NoSuchObject", "No such object: \(path)")
    }
    static let isLocked = BusError("org.freedesktop.Secret.Error.IsLocked", "The collection is locked; unlock it first.")
    static func noSession(_ path: String) -> BusError {
        BusError("org.freedesktop.Secret.Error.NoSession", "No such session: \(path)")
    }
    static func notSupported(_ message: String) -> BusError {
        BusError("org.freedesktop.DBus.Error.NotSupported", message)
    }
    static func invalidArgs(_ message: String) -> BusError {
        BusError("org.freedesktop.DBus.Error.InvalidArgs", message)
    }
    static func accessDenied(_ message: String) -> BusError {
        BusError("org.freedesktop.DBus.Error.AccessDenied", message)
    }
    static func failed(_ message: String) -> BusError {
        BusError("org.freedesktop.DBus.Error.Failed", message)
    }
    static func unknownMethod(_ member: String) -> BusError {
        BusError("org.freedesktop.DBus.Error.UnknownMethod", "Unknown method '\(member)'.")
    }
    static let propertiesOverBudget = BusError(
        "org.freedesktop.DBus.Error.InvalidArgs", "The properties hold more than the \(BusBudget.propertyEntries) entries Sesame reads.")
    static func limitsExceeded(_ message: String) -> BusError {
        BusError("org.freedesktop.DBus.Error.LimitsExceeded", message)
    }
    static func propertyReadOnly(_ name: String) -> BusError {
        BusError("org.freedesktop.DBus.Error.PropertyReadOnly", "Property '\(name)' is read-only.")
    }
}
