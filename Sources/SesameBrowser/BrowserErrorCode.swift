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
    // Passkeys (KeePassXC 2.7.7): answered inside the encrypted reply as `response: {"errorCode": N}`.
    case passkeysAttestationNotSupported = 20
    case passkeysCredentialIsExcluded = 21
    case passkeysRequestCanceled = 22
    case passkeysInvalidUserVerification = 23
    case passkeysEmptyPublicKey = 24
    case passkeysInvalidURLProvided = 25
    case passkeysOriginNotAllowed = 26
    case passkeysDomainIsNotValid = 27
    case passkeysDomainRPIDMismatch = 28
    case passkeysNoSupportedAlgorithms = 29
    case passkeysWaitForLifetimer = 30
    case passkeysUnknownError = 31
    case passkeysInvalidChallenge = 32
    case passkeysInvalidUserID = 33

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
        case .passkeysAttestationNotSupported: "Attestation not supported"
        case .passkeysCredentialIsExcluded: "Credential is excluded"
        case .passkeysRequestCanceled: "Passkeys request canceled"
        case .passkeysInvalidUserVerification: "Invalid user verification"
        case .passkeysEmptyPublicKey: "Empty public key"
        case .passkeysInvalidURLProvided: "Invalid URL provided"
        case .passkeysOriginNotAllowed: "Origin is empty or not allowed"
        case .passkeysDomainIsNotValid: "Effective domain is not a valid domain"
        case .passkeysDomainRPIDMismatch: "Origin and RP ID do not match"
        case .passkeysNoSupportedAlgorithms: "No supported algorithms were provided"
        case .passkeysWaitForLifetimer: "Wait for timer to expire"
        case .passkeysUnknownError: "Unknown passkeys error"
        case .passkeysInvalidChallenge: "Challenge is shorter than required minimum length"
        case .passkeysInvalidUserID: "user.id does not match the required length"
        }
    }
}
