#if canImport(CX11)
import CX11

/// One connection to the X server, closed when released; the helper's only handle on the desktop.
final class XDisplay {
    let handle: OpaquePointer
    let root: Window

    /// Connects to `$DISPLAY` (Xlib reads it); nil when there is no X server to reach.
    init?() {
        guard let handle = XOpenDisplay(nil) else { return nil }
        self.handle = handle
        root = XDefaultRootWindow(handle)
    }

    deinit { XCloseDisplay(handle) }

    func atom(_ name: String, onlyIfExists: Bool = true) -> Atom {
        XInternAtom(handle, name, onlyIfExists ? 1 : 0)
    }

    /// The raw bytes of a window property, or nil when the window does not have it.
    func property(_ name: String, of window: Window, type: Atom = Atom(AnyPropertyType)) -> [UInt8]? {
        let property = atom(name)
        guard property != 0 else { return nil }
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // Titles longer than 64 KiB are cut: they are matched, not shown whole.
        let status = XGetWindowProperty(handle, window, property, 0, 16_384, 0, type, &actualType, &format, &count,
                                        &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actualType != 0 else { return nil }
        guard let data, format == 8 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }

    func hasProperty(_ name: String, on window: Window) -> Bool { property(name, of: window) != nil }

    /// The parent of `window`, nil for the root window (or a window that vanished).
    func parent(of window: Window) -> Window? {
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(handle, window, &rootReturn, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        return parent == 0 || window == root ? nil : parent
    }

    /// Whether two windows were made by the same client (an application and its own subwindows, not a window
    /// another program put inside it).
    func sameClient(_ first: Window, _ second: Window) -> Bool {
        let clientBits = ~UInt(sesame_x_resource_mask(handle))
        return UInt(first) & clientBits == UInt(second) & clientBits
    }

    /// The window that has the keyboard focus: nil when focus is on none, or follows the pointer over the root.
    func focusedWindow() -> Window? {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(handle, &focus, &revert)
        // None (0) and PointerRoot (1) name no window.
        guard focus > 1, focus != root else { return nil }
        return focus
    }
}
#endif
