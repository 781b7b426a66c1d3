import Foundation
import SesameAutoType

/// The window Auto-Type was asked to fill, on the wire: the shell's handle for it, its title and its `WM_CLASS`
/// parts (`class`, `instance`).
struct WireAutoTypeWindow: Codable, Sendable, Equatable {
    var id: UInt64
    var title: String
    var windowClass: String
    var instance: String

    enum CodingKeys: String, CodingKey {
        case id = "id", title = "title", windowClass = "class", instance = "instance"
    }

    init(_ window: AutoTypeWindow) {
        id = window.id
        title = window.title
        windowClass = window.windowClass
        instance = window.instance
    }

    var window: AutoTypeWindow { AutoTypeWindow(id: id, title: title, windowClass: windowClass, instance: instance) }
}
