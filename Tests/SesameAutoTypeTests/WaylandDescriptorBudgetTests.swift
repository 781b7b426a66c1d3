import Foundation
import Glibc
import SesameClipboard
import Testing

/// `sesame-clipboard` keeps the pipes a compositor passes until their paste requests are read; a compositor that
/// passes descriptors without requests must not fill the helper's descriptor table (docs/security.md, Budgets).
@Suite struct WaylandDescriptorBudgetTests {
    /// A fake compositor on a socket in a temporary folder: it answers the helper's first requests with registry
    /// events, each carrying 28 descriptors of one marked file and no paste request.
    @Test func descriptorsBeyondTheBudgetAreClosedAndEndTheConnection() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/sesame-flood-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marked = folder + "/marked"
        _ = FileManager.default.createFile(atPath: marked, contents: nil)
        let listener = try Self.listen(at: folder + "/wayland-flood")
        defer { close(listener) }

        let sent = DispatchSemaphore(value: 0)
        let server = Thread {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                sent.signal()
                return
            }
            defer { close(client) }
            let file = open(marked, O_RDONLY)
            var arguments = WaylandArguments()
            arguments.add(UInt32(1))
            arguments.add("wl_flood")
            arguments.add(UInt32(1))
            let event = WaylandMessage(object: 2, opcode: 0, arguments: arguments.bytes).encoded  // registry.global
            for _ in 0..<4 { Self.send(event, descriptors: Array(repeating: file, count: 28), on: client) }
            close(file)  // what is in flight is the helper's now
            sent.signal()
            usleep(2_000_000)  // until the helper has read them
        }
        server.start()

        var thrown: WaylandProtocolError?
        do {
            let owner = try WaylandSelectionOwner(environment: ["WAYLAND_DISPLAY": "wayland-flood", "XDG_RUNTIME_DIR": folder])
            _ = try owner.claim(ClipboardSecret(Array("pw".utf8)), timeoutMilliseconds: 1_500)
        } catch {
            thrown = error
        }
        #expect(thrown?.description.contains("more than \(WaylandSelectionOwner.maximumHeldDescriptors) descriptors") == true,
                "\(String(describing: thrown))")
        _ = sent.wait(timeout: .now() + 10)
        #expect(Self.openDescriptors(to: marked) == 0, "every descriptor received was closed")
    }

    static func listen(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && Glibc.listen(descriptor, 1) == 0)
        return descriptor
    }

    /// One `sendmsg` with the descriptors as SCM_RIGHTS (a 16-byte cmsghdr, then the descriptors).
    static func send(_ bytes: [UInt8], descriptors: [Int32], on socket: Int32) {
        var data = bytes
        var control = [UInt8](repeating: 0, count: 16 + ((descriptors.count * 4 + 7) & ~7))
        control.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: 16 + descriptors.count * 4, toByteOffset: 0, as: Int.self)
            raw.storeBytes(of: SOL_SOCKET, toByteOffset: 8, as: Int32.self)
            raw.storeBytes(of: Int32(SCM_RIGHTS), toByteOffset: 12, as: Int32.self)
            for (index, descriptor) in descriptors.enumerated() {
                raw.storeBytes(of: descriptor, toByteOffset: 16 + index * 4, as: Int32.self)
            }
        }
        data.withUnsafeMutableBytes { dataBytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: dataBytes.baseAddress, iov_len: dataBytes.count)
                withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var header = msghdr()
                    header.msg_iov = vectorPointer
                    header.msg_iovlen = 1
                    header.msg_control = controlBytes.baseAddress
                    header.msg_controllen = controlBytes.count
                    _ = sendmsg(socket, &header, Int32(MSG_NOSIGNAL))
                }
            }
        }
    }

    /// How many of this process's descriptors are open on `path` (other tests run beside this one, so the total
    /// says nothing).
    static func openDescriptors(to path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }
}
