import Foundation
import SesameAutoFill
import SesameAutoType

/// "Type this item into windows like this": a window title pattern (`*` stands for any text, case is ignored,
/// the whole title must match, as in KeePass) or a window class (X11 `WM_CLASS`, class or instance, case
/// ignored), with the item and optionally a sequence of its own. Rules are a vault setting, sealed like items.
public struct AutoTypeRule: Codable, Sendable, Equatable {
    public var id: UUID
    public var titlePattern: String?
    public var windowClass: String?
    public var itemID: UUID
    /// Typed instead of the item's own sequence in the windows this rule names.
    public var sequence: String?
    public var created: Date

    public init(id: UUID = UUID(), titlePattern: String? = nil, windowClass: String? = nil, itemID: UUID,
                sequence: String? = nil, created: Date = Date()) {
        self.id = id
        self.titlePattern = titlePattern
        self.windowClass = windowClass
        self.itemID = itemID
        self.sequence = sequence
        self.created = created
    }

    public func matches(_ window: AutoTypeWindow) -> Bool {
        if let windowClass {
            return windowClass.caseInsensitiveCompare(window.windowClass) == .orderedSame
                || windowClass.caseInsensitiveCompare(window.instance) == .orderedSame
        }
        if let titlePattern { return Self.wildcard(titlePattern, matches: window.title) }
        return false
    }

    /// `*` matches any run of characters; everything else itself, case-insensitively.
    static func wildcard(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern.lowercased()), text = Array(text.lowercased())
        var p = 0, t = 0
        var star: Int?, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != "*", pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Checks what a person gave before it is stored.
    func validate() throws(ServiceFailure) {
        guard (titlePattern == nil) != (windowClass == nil) else {
            throw ServiceFailure(.invalidInput, "A rule names either a window title pattern or a window class.")
        }
        if let titlePattern, titlePattern.allSatisfy({ $0 == "*" || $0.isWhitespace }) {
            throw ServiceFailure(.invalidInput, "A title pattern of only '*' would match every window; name part of the title.")
        }
        if let windowClass, windowClass.isEmpty {
            throw ServiceFailure(.invalidInput, "The window class is empty.")
        }
        if let sequence {
            do {
                _ = try AutoTypeSequence(sequence)
            } catch {
                throw ServiceFailure(.invalidInput, error.description)
            }
        }
    }
}
