#if canImport(CX11)
import CX11

/// The top-level window that has the focus, as a window manager knows it: the ancestor of the focused window that
/// carries `WM_STATE` (set by the window manager on client windows), else, with no window manager, the nearest one
/// that names itself with `WM_CLASS` or `WM_NAME`.
struct WindowIdentity: Equatable {
    var id: Window
    var title: String
    var windowClass: String
    var instance: String

    static func focused(on display: XDisplay) -> WindowIdentity? {
        guard let id = focusedTopLevel(on: display) else { return nil }
        let title = display.property("_NET_WM_NAME", of: id, type: display.atom("UTF8_STRING")).map(text)
            ?? display.property("WM_NAME", of: id).map(text) ?? ""
        var hint = XClassHint()
        var windowClass = "", instance = ""
        if XGetClassHint(display.handle, id, &hint) != 0 {
            if let name = hint.res_name { instance = String(cString: name); XFree(name) }
            if let name = hint.res_class { windowClass = String(cString: name); XFree(name) }
        }
        return WindowIdentity(id: id, title: title, windowClass: windowClass, instance: instance)
    }

    static func focusedTopLevel(on display: XDisplay) -> Window? {
        display.focusedWindow().map { topLevel(of: $0, on: display) }
    }

    static func topLevel(of focus: Window, on display: XDisplay) -> Window {
        var named: Window?
        var window: Window? = focus
        while let current = window {
            if display.hasProperty("WM_STATE", on: current) { return current }
            if named == nil, display.hasProperty("WM_CLASS", on: current) || display.hasProperty("WM_NAME", on: current) {
                named = current
            }
            window = display.parent(of: current)
        }
        return named ?? focus
    }

    /// UTF-8 when it is (UTF8_STRING, and most WM_NAMEs today), else Latin-1 (WM_NAME's STRING type).
    private static func text(_ bytes: [UInt8]) -> String {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
#endif
