import CX11
import Foundation

/// A connection to the X server for Auto-Type: which window has the focus, and typing into it through XTest.
/// Not thread-safe; one per process.
public final class X11Session {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The window that will receive the keys: the top-level ancestor of the focus (the one with `WM_STATE`, set by
    /// the window manager), or without a window manager the nearest ancestor with a class or name.
    public struct Window: Equatable, Sendable {
        public var id: UInt
        public var title: String
        public var className: String
        /// The window that held the input focus itself (typing stops when the focus moves off it).
        var focus: UInt
    }

    let display: OpaquePointer

    public init() throws(Failure) {
        guard let display = XOpenDisplay(nil) else {
            throw Failure(description: "Cannot open the X display \(ProcessInfo.processInfo.environment["DISPLAY"] ?? "(DISPLAY is not set)").")
        }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw Failure(description: "The X server has no XTEST extension; Auto-Type cannot type.")
        }
        self.display = display
    }

    deinit { XCloseDisplay(display) }

    // MARK: - The focused window

    public func focusedWindow() throws(Failure) -> Window {
        var focus: UInt = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        guard focus > 1 else { throw Failure(description: "No window has the keyboard focus.") }
        let chain = ancestors(of: focus)
        let wmState = XInternAtom(display, "WM_STATE", 0)
        let chosen = chain.first { hasProperty($0, wmState) }
            ?? chain.first { !className(of: $0).isEmpty || !title(of: $0).isEmpty }
        guard let chosen else { throw Failure(description: "The focused window has no name or class.") }
        return Window(id: chosen, title: title(of: chosen), className: className(of: chosen), focus: focus)
    }

    /// Whether the input focus is still where it was when `window` was found.
    func stillFocused(_ window: Window) -> Bool {
        var focus: UInt = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus == window.focus
    }

    /// The window itself, then its parents up to (not including) the root.
    private func ancestors(of window: UInt) -> [UInt] {
        var chain: [UInt] = []
        var current = window
        while current != 0, chain.count < 64 {
            chain.append(current)
            var root: UInt = 0, parent: UInt = 0
            var children: UnsafeMutablePointer<UInt>?
            var count: UInt32 = 0
            guard XQueryTree(display, current, &root, &parent, &children, &count) != 0 else { break }
            if let children { XFree(children) }
            if parent == root { break }
            current = parent
        }
        return chain
    }

    private func hasProperty(_ window: UInt, _ atom: UInt) -> Bool {
        var count: Int32 = 0
        guard let atoms = XListProperties(display, window, &count) else { return false }
        defer { XFree(atoms) }
        return (0..<Int(count)).contains { atoms[$0] == atom }
    }

    /// `_NET_WM_NAME` (UTF-8), else `WM_NAME`.
    private func title(of window: UInt) -> String {
        if let name = utf8Property(window, "_NET_WM_NAME"), !name.isEmpty { return name }
        var name: UnsafeMutablePointer<CChar>?
        guard XFetchName(display, window, &name) != 0, let name else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }

    private func className(of window: UInt) -> String {
        var hint = XClassHint()
        guard XGetClassHint(display, window, &hint) != 0 else { return "" }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let name = hint.res_class { XFree(name) }
        }
        return hint.res_class.map { String(cString: $0) } ?? ""
    }

    private func utf8Property(_ window: UInt, _ name: String) -> String? {
        let property = XInternAtom(display, name, 0)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, property, 0, 4096, 0, utf8, &type, &format, &count, &remaining, &data)
                == Success, let data
        else { return nil }
        defer { XFree(data) }
        guard type == utf8, format == 8 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
