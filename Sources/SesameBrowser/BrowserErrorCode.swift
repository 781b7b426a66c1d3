/// The protocol's error codes (KeePassXC's `BrowserMessageBuilder.h`), sent as strings in `errorCode`.
public enum BrowserErrorCode: Int, Sendable {
    case databaseNotOpened = 1
    case databaseHashNotReceived = 2
    case clientPublicKeyNotReceived = 3
    case cannotDecryptMessage = 4
    case timeoutOrNotConnected = 5
    case actionCancelledOrDenied = 6
    case cannotEncryptMessage = 7
    case associationFailed = 8
    case keyChangeFailed = 9
    case encryptionKeyUnrecognized = 10
    case noSavedDatabasesFound = 11
    case incorrectAction = 12
    case emptyMessageReceived = 13
    case noURLProvided = 14
    case noLoginsFound = 15
    case noGroupsFound = 16
    case cannotCreateNewGroup = 17
    case noValidUUIDProvided = 18
    case accessToAllEntriesDenied = 19

    /// KeePassXC's English messages, which the extension shows when it has no translation of its own.
    public var message: String {
        switch self {
        case .databaseNotOpened: "Database not opened"
        case .databaseHashNotReceived: "Database hash not available"
        case .clientPublicKeyNotReceived: "Client public key not received"
        case .cannotDecryptMessage: "Cannot decrypt message"
        case .timeoutOrNotConnected: "Timeout or cannot connect to Sesame"
        case .actionCancelledOrDenied: "Action cancelled or denied"
        case .cannotEncryptMessage: "Message encryption failed."
        case .associationFailed: "Association failed, try again"
        case .keyChangeFailed: "Encryption key is not recognized"
        case .encryptionKeyUnrecognized: "Encryption key is not recognized"
        case .noSavedDatabasesFound: "No saved databases found"
        case .incorrectAction: "Incorrect action"
        case .emptyMessageReceived: "Empty message received"
        case .noURLProvided: "No URL provided"
        case .noLoginsFound: "No logins found"
        case .noGroupsFound: "No groups found"
        case .cannotCreateNewGroup: "Cannot create new group"
        case .noValidUUIDProvided: "No valid UUID provided"
        case .accessToAllEntriesDenied: "Access to all entries is denied"
        }
    }
}
