#if canImport(AuthenticationServices)
/// What the text-insertion list (iOS 18, AutoFill in a text field's context menu) inserts from the item the person
/// picks: the field is chosen per row, since the system tells nothing about the text field.
public enum InsertableField: String, Sendable, CaseIterable {
    case username
    case password
    case oneTimeCode
}
#endif
