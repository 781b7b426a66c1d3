/// The window Auto-Type was asked to fill, as the typing shell found it: what window rules and title matching
/// look at. `id` is the shell's own handle (an X11 window id), used to refuse typing anywhere else.
public struct AutoTypeWindow: Codable, Sendable, Hashable {
    public var id: UInt64
    public var title: String
    /// `WM_CLASS`'s class part on X11 (`Firefox-esr`), empty when the window has none.
    public var windowClass: String
    /// `WM_CLASS`'s instance part (`Navigator`).
    public var instance: String

    public init(id: UInt64, title: String, windowClass: String = "", instance: String = "") {
        self.id = id
        self.title = title
        self.windowClass = windowClass
        self.instance = instance
    }

    enum CodingKeys: String, CodingKey {
        case id, title, instance
        case windowClass = "class"
    }
}
