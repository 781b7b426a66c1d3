import CSDBus
import Foundation
import Glibc

/// A connection to a D-Bus bus through sd-bus. It owns the `sd_bus` handle, the exported vtables and their slots,
/// and frees them in `deinit`. Not thread-safe (sd-bus is not): one thread runs ``run(until:)`` and everything
/// that touches the bus happens on it; other threads leave their results where the loop's owner reads them and
/// wake the loop through ``wakeDescriptor``.
final class Bus {
    let handle: OpaquePointer
    private var slots: [OpaquePointer] = []
    private var vtables: [UnsafeMutablePointer<sd_bus_vtable>] = []
    /// Wakes the loop when another thread has a result for it.
    private let wakePipe: (read: Int32, write: Int32)
    /// Writing a byte here wakes ``run(until:beforeEachMessage:onWake:)`` (from any thread).
    var wakeDescriptor: Int32 { wakePipe.write }

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
    convenience init() throws(BusError) {
        var bus: OpaquePointer?
        let result = sd_bus_open_user(&bus)
        guard result >= 0, let bus else {
            throw .failed("Cannot connect to the session bus: \(String(cString: strerror(-result))).")
        }
        try self.init(handle: bus)
    }

    /// A connection over a socket whose other end the caller holds and never answers, so it stays
    /// unauthenticated and what the service sends is only queued: the fuzz target builds calls on it and hands
    /// them to the dispatch layer as sd-bus would. Takes the descriptor; close the other end before the last
    /// reference goes, so closing does not wait for the peer.
    convenience init(peer descriptor: Int32) throws(BusError) {
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, let bus else { throw .failed("Out of memory.") }
        guard sd_bus_set_fd(bus, descriptor, descriptor) >= 0, sd_bus_start(bus) >= 0 else {
            sd_bus_unref(bus)
            throw .failed("Cannot start a connection on the socket.")
        }
        try self.init(handle: bus)
    }

    private init(handle bus: OpaquePointer) throws(BusError) {
        handle = bus
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            sd_bus_flush_close_unref(bus)
            throw .failed("Cannot create a pipe: \(String(cString: strerror(errno))).")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        wakePipe = (fds[0], fds[1])
    }

    deinit {
        for slot in slots { sd_bus_slot_unref(slot) }
        for vtable in vtables { csdbus_vtable_free(vtable) }
        sd_bus_flush_close_unref(handle)
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// This connection's unique name, such as `:1.42`.
    var uniqueName: String {
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(handle, &name) >= 0, let name else { return "" }
        return String(cString: name)
    }

    // MARK: - Names

    enum NameRequest: Equatable {
        case owned
        case takenBy(owner: String)
    }

    /// Asks for `name`; with `replace`, takes it from an owner that allows it.
    func requestName(_ name: String, replace: Bool) throws(BusError) -> NameRequest {
        // Another Sesame started with --replace may take over, as this one may take over from others.
        let flags = UInt64(SD_BUS_NAME_ALLOW_REPLACEMENT) | (replace ? UInt64(SD_BUS_NAME_REPLACE_EXISTING) : 0)
        let result = sd_bus_request_name(handle, name, flags)
        if result >= 0 { return .owned }
        guard result == -EEXIST || result == -EALREADY else {
            throw .failed("Cannot own \(name): \(String(cString: strerror(-result))).")
        }
        return .takenBy(owner: describeOwner(of: name))
    }

    /// The owner of a name, as a person can recognise it: its program and process id when the bus says.
    func describeOwner(of name: String) -> String {
        var creds: OpaquePointer?
        guard sd_bus_get_name_creds(handle, name, UInt64(SD_BUS_CREDS_PID | SD_BUS_CREDS_COMM), &creds) >= 0, let creds else {
            return "another program"
        }
        defer { sd_bus_creds_unref(creds) }
        var pid: pid_t = 0
        var comm: UnsafePointer<CChar>?
        let hasPID = sd_bus_creds_get_pid(creds, &pid) >= 0
        let program = sd_bus_creds_get_comm(creds, &comm) >= 0 ? comm.map { String(cString: $0) } : nil
        switch (program, hasPID) {
        case let (program?, true): return "\(program) (pid \(pid))"
        case let (program?, false): return program
        case (nil, true): return "process \(pid)"
        case (nil, false): return "another program"
        }
    }

    /// The process id of a message's sender, asked of the bus.
    func senderPID(of message: BusMessage) -> pid_t? {
        var creds: OpaquePointer?
        guard sd_bus_query_sender_creds(message.handle, UInt64(SD_BUS_CREDS_PID), &creds) >= 0, let creds else { return nil }
        defer { sd_bus_creds_unref(creds) }
        var pid: pid_t = 0
        return sd_bus_creds_get_pid(creds, &pid) >= 0 ? pid : nil
    }

    // MARK: - Objects

    func add(
        _ interface: BusInterface, at path: String, fallback find: sd_bus_object_find_t?, userdata: UnsafeMutableRawPointer,
        handler: sd_bus_message_handler_t, getter: sd_bus_property_get_t, setter: sd_bus_property_set_t
    ) throws(BusError) {
        guard let vtable = interface.makeVTable(handler: handler, getter: getter, setter: setter) else {
            throw .failed("Out of memory.")
        }
        vtables.append(vtable)
        var slot: OpaquePointer?
        let result = find.map { sd_bus_add_fallback_vtable(handle, &slot, path, interface.name, vtable, $0, userdata) }
            ?? sd_bus_add_object_vtable(handle, &slot, path, interface.name, vtable, userdata)
        guard result >= 0, let slot else {
            throw .failed("Cannot export \(interface.name) at \(path): \(String(cString: strerror(-result))).")
        }
        slots.append(slot)
    }

    func addNodeEnumerator(at path: String, _ callback: sd_bus_node_enumerator_t, userdata: UnsafeMutableRawPointer) throws(BusError) {
        var slot: OpaquePointer?
        let result = sd_bus_add_node_enumerator(handle, &slot, path, callback, userdata)
        guard result >= 0, let slot else { throw .failed("Cannot list the objects under \(path).") }
        slots.append(slot)
    }

    func addSignalMatch(
        sender: String, path: String, interface: String, member: String, _ callback: sd_bus_message_handler_t,
        userdata: UnsafeMutableRawPointer
    ) throws(BusError) {
        var slot: OpaquePointer?
        let result = sd_bus_match_signal(handle, &slot, sender, path, interface, member, callback, userdata)
        guard result >= 0, let slot else { throw .failed("Cannot watch \(interface).\(member).") }
        slots.append(slot)
    }

    // MARK: - Sending

    /// Sends a signal whose arguments `build` appends.
    func emitSignal(path: String, interface: String, member: String, _ build: (BusMessage) throws(BusError) -> Void) {
        var message: OpaquePointer?
        guard sd_bus_message_new_signal(handle, &message, path, interface, member) >= 0, let message else { return }
        defer { sd_bus_message_unref(message) }
        do { try build(BusMessage(handle: message)) } catch { return }
        _ = sd_bus_send(handle, message, nil)
    }

    func emitPropertiesChanged(path: String, interface: String, names: [String]) {
        var strings: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        _ = sd_bus_emit_properties_changed_strv(handle, path, interface, &strings)
    }

    /// Sends a method reply that `build` fills.
    func reply(to call: BusMessage, _ build: (BusMessage) throws(BusError) -> Void) throws(BusError) {
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(call.handle, &reply) >= 0, let reply else { throw .failed("Out of memory.") }
        defer { sd_bus_message_unref(reply) }
        try build(BusMessage(handle: reply))
        guard sd_bus_send(handle, reply, nil) >= 0 else { throw .failed("Cannot send the reply.") }
    }

    func replyError(to call: BusMessage, _ error: BusError) {
        var busError = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&busError) }
        _ = sd_bus_error_set(&busError, error.name, error.message)
        _ = sd_bus_reply_method_error(call.handle, &busError)
    }

    // MARK: - The loop

    /// Dispatches messages until `shouldStop` says so (checked after each wake-up) or the bus connection ends;
    /// `onWake` runs on this thread after another thread wrote to ``wakeDescriptor``.
    func run(until shouldStop: () -> Bool, beforeEachMessage: () -> Void, onWake: () -> Void) throws(BusError) {
        while !shouldStop() {
            beforeEachMessage()
            let processed = sd_bus_process(handle, nil)
            if processed < 0 {
                if processed == -ECONNRESET || processed == -ENOTCONN { return }
                throw .failed("The bus connection failed: \(String(cString: strerror(-processed))).")
            }
            if processed > 0 { continue }
            var timeout: UInt64 = 0
            _ = sd_bus_get_timeout(handle, &timeout)
            var fds = [
                pollfd(fd: sd_bus_get_fd(handle), events: Int16(truncatingIfNeeded: sd_bus_get_events(handle)), revents: 0),
                pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0),
            ]
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            let waitMilliseconds: Int32 = timeout == UInt64.max ? -1
                : timeout <= nowMicroseconds ? 0 : Int32(min((timeout - nowMicroseconds) / 1000 + 1, 60_000))
            _ = poll(&fds, 2, waitMilliseconds)
            if fds[1].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 64)
                while read(wakePipe.read, &buffer, buffer.count) > 0 {}
                onWake()
            }
        }
    }
}
