import CSDBus
import Glibc

/// One D-Bus interface as sd-bus serves it: every method goes to one handler, every property to one getter and
/// one setter, which dispatch on the member's name. Introspection comes from this table.
struct BusInterface {
    struct Method {
        var name: String
        var signature: String
        var result: String
    }

    struct Property {
        var name: String
        var signature: String
        var isWritable = false
        /// Announced as changed by name only: for values that cost a walk over the whole vault to compute.
        var isInvalidatedOnly = false
    }

    struct Signal {
        var name: String
        var signature: String
    }

    var name: String
    var methods: [Method] = []
    var properties: [Property] = []
    var signals: [Signal] = []

    /// The C vtable; free it with `csdbus_vtable_free` once its slot is gone.
    func makeVTable(
        handler: sd_bus_message_handler_t, getter: sd_bus_property_get_t, setter: sd_bus_property_set_t
    ) -> UnsafeMutablePointer<sd_bus_vtable>? {
        // The C strings only need to live through the call: the shim copies them.
        var owned: [UnsafeMutablePointer<CChar>] = []
        defer { owned.forEach { free($0) } }
        func copy(_ text: String) -> UnsafePointer<CChar> {
            let pointer = strdup(text)!
            owned.append(pointer)
            return UnsafePointer(pointer)
        }
        let methodTable = methods.map { csdbus_method(name: copy($0.name), signature: copy($0.signature), result: copy($0.result)) }
        let propertyTable = properties.map {
            csdbus_property(
                name: copy($0.name), signature: copy($0.signature), writable: $0.isWritable ? 1 : 0,
                invalidates: $0.isInvalidatedOnly ? 1 : 0)
        }
        let signalTable = signals.map { csdbus_signal(name: copy($0.name), signature: copy($0.signature)) }
        return csdbus_vtable_new(
            methodTable, methodTable.count, propertyTable, propertyTable.count, signalTable, signalTable.count,
            handler, getter, setter)
    }
}
