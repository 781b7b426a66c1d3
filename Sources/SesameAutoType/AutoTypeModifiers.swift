/// Modifier keys held while a key is pressed: KeePass's `+` (Shift), `^` (Ctrl), `%` (Alt) and KeePassXC's `#`
/// (Super, the Windows key).
public struct AutoTypeModifiers: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = AutoTypeModifiers(rawValue: 1)
    public static let control = AutoTypeModifiers(rawValue: 2)
    public static let alt = AutoTypeModifiers(rawValue: 4)
    public static let superKey = AutoTypeModifiers(rawValue: 8)

    static func fromSequenceCharacter(_ character: Character) -> AutoTypeModifiers? {
        switch character {
        case "+": .shift
        case "^": .control
        case "%": .alt
        case "#": .superKey
        default: nil
        }
    }
}
