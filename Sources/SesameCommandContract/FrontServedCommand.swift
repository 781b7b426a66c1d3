/// The names of the commands the `sesame` front serves itself (`fill`, `match`, `list`, `show`, `totp`): the full
/// CLI's specs take their names from here, and the front dispatches on the same values.
public enum FrontServedCommand: String, Sendable, CaseIterable {
    case fill, match, list, show, totp
}
