/// One key pressed and released, with modifiers held around it: a named key, or a character typed as such
/// (`^a` is Ctrl with the key that types "a").
public struct AutoTypeKeystroke: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        case named(AutoTypeKey)
        case character(Character)
    }

    public var key: Key
    public var modifiers: AutoTypeModifiers

    public init(_ key: Key, modifiers: AutoTypeModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    public init(_ named: AutoTypeKey, modifiers: AutoTypeModifiers = []) {
        self.init(.named(named), modifiers: modifiers)
    }
}
