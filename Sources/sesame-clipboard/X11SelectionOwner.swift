#if canImport(CX11)
import CX11
import Glibc
import SesameClipboard

/// Owns the X11 `CLIPBOARD` selection for a while and answers paste requests itself (ICCCM §2), offering every type
/// of ``ClipboardOffer``: the text, and `x-kde-passwordManagerHint` = `secret` for clipboard managers. Under
/// Wayland the same serves XWayland's clipboard, which GNOME and KDE bridge to Wayland clients.
final class X11SelectionOwner {
    enum Outcome {
        /// Another client took the clipboard: it is left alone.
        case replaced
        /// The time ran out with the clipboard still Sesame's: it was emptied.
        case cleared
    }

    private let display: OpaquePointer
    private let window: Window
    private let clipboard: Atom
    private let targets: Atom
    private let timestamp: Atom
    private let multiple: Atom
    private let offered: [Atom: String]
    private var ownedSince: Time = 0
    private let secret: ClipboardSecret

    /// Connects to `$DISPLAY`; nil when there is no X server to reach.
    init?(secret: ClipboardSecret) {
        guard let display = XOpenDisplay(nil) else { return nil }
        self.display = display
        self.secret = secret
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        clipboard = XInternAtom(display, "CLIPBOARD", 0)
        targets = XInternAtom(display, "TARGETS", 0)
        timestamp = XInternAtom(display, "TIMESTAMP", 0)
        multiple = XInternAtom(display, "MULTIPLE", 0)
        var offered: [Atom: String] = [:]
        for type in ClipboardOffer.types { offered[XInternAtom(display, type, 0)] = type }
        self.offered = offered
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Takes the clipboard; false when the server did not give it.
    func claim() -> Bool {
        ownedSince = serverTime()
        XSetSelectionOwner(display, clipboard, window, ownedSince)
        return XGetSelectionOwner(display, clipboard) == window
    }

    /// Answers paste requests until another client takes the clipboard or `seconds` pass, then empties it if it
    /// is still Sesame's.
    func serve(seconds: Int) -> Outcome {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let deadline = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000 + Int64(seconds) * 1000
        let connection = XConnectionNumber(display)
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                switch event.type {
                case SelectionRequest: answer(event.xselectionrequest)
                case SelectionClear where event.xselectionclear.selection == clipboard: return .replaced
                default: break
                }
            }
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - (Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000)
            guard left > 0 else { break }
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(left, 60_000)))
            if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 { return .replaced }
        }
        if XGetSelectionOwner(display, clipboard) == window {
            XSetSelectionOwner(display, clipboard, 0, serverTime())
            XSync(display, 0)
            return .cleared
        }
        return .replaced
    }

    /// A timestamp from the server (ICCCM forbids CurrentTime for ownership): the time of a property change on
    /// this window.
    private func serverTime() -> Time {
        var nothing: UInt8 = 0
        let property = XInternAtom(display, "SESAME_TIMESTAMP", 0)
        XChangeProperty(display, window, property, Atom(XA_STRING), 8, PropModeAppend, &nothing, 0)
        var event = XEvent()
        XWindowEvent(display, window, PropertyChangeMask, &event)
        return event.xproperty.time
    }

    private func answer(_ request: XSelectionRequestEvent) {
        // An obsolete client names no property: the target's name is used instead (ICCCM §2.2).
        let property = request.property == 0 ? request.target : request.property
        var served = false
        if request.selection == clipboard, request.time == 0 || request.time >= ownedSince {
            served = serve(request.target, to: request.requestor, property: property)
        }
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = served ? property : 0
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }

    private func serve(_ target: Atom, to requestor: Window, property: Atom) -> Bool {
        if target == targets {
            var atoms: [Atom] = [targets, timestamp] + offered.keys.sorted()
            let count = Int32(atoms.count)
            atoms.withUnsafeMutableBytes { bytes in
                _ = XChangeProperty(display, requestor, property, Atom(XA_ATOM), 32, PropModeReplace,
                                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
            }
            return true
        }
        if target == timestamp {
            var time = [UInt](arrayLiteral: UInt(ownedSince))
            time.withUnsafeMutableBytes { bytes in
                _ = XChangeProperty(display, requestor, property, Atom(XA_INTEGER), 32, PropModeReplace,
                                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
            return true
        }
        // MULTIPLE (several targets at once) is not offered; a client asking for it falls back to single requests.
        guard target != multiple, let type = offered[target], let payload = ClipboardOffer.payload(for: type) else {
            return false
        }
        // TEXT is answered as UTF8_STRING, as toolkits do.
        let kind = type == "TEXT" ? XInternAtom(display, "UTF8_STRING", 0) : target
        // Xlib copies the bytes into its request buffer; nothing else holds them.
        secret.withBytes(of: payload) { bytes in
            // Both buffers always exist (an empty secret has a one-byte buffer); Xlib only reads.
            let pointer = UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            _ = XChangeProperty(display, requestor, property, kind, 8, PropModeReplace, pointer, Int32(bytes.count))
        }
        XFlush(display)
        return true
    }
}
#endif
