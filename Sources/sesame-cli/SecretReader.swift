import SesameCrypto
import SesameTerminal

/// Gets the secrets a command needs, never from argv or the environment: from the terminal without echo, or,
/// with `--password-stdin`, one line of standard input per secret in the order the command asks for them.
final class SecretReader {
    enum Purpose {
        case masterPassword
        /// This device's master password, where another device's is asked for next (`sync password`).
        case thisVaultsMasterPassword
        case newMasterPassword
        case itemPassword(title: String)
        case fieldValue(name: String)
        case oneTimeCode(title: String)
        /// The password of a Sesame backup being read.
        case backupPassword
        /// The password a new backup is encrypted with.
        case newBackupPassword
        /// The password of a KeePass file being read.
        case keePassPassword
        /// The password a new KeePass file is protected with.
        case newKeePassPassword
        /// The master password another device of the synced vault changed to.
        case syncPassword

        var prompt: String {
            switch self {
            case .masterPassword: "Master password: "
            case .thisVaultsMasterPassword: "Master password of this vault (as set on this device): "
            case .newMasterPassword: "New master password: "
            case .itemPassword(let title): "Password for '\(title)': "
            case .fieldValue(let name): "Value of '\(name)': "
            case .oneTimeCode(let title): "One-time code URI (otpauth://) or secret for '\(title)': "
            case .backupPassword: "Backup password: "
            case .newBackupPassword: "Password for the backup: "
            case .keePassPassword: "KeePass file password: "
            case .newKeePassPassword: "Password for the KeePass file: "
            case .syncPassword: "Master password set on the other device: "
            }
        }

        var description: String {
            switch self {
            case .masterPassword: "the master password"
            case .thisVaultsMasterPassword: "this vault's master password"
            case .newMasterPassword: "the new master password"
            case .itemPassword: "the item's password"
            case .fieldValue(let name): "the value of the protected field '\(name)'"
            case .oneTimeCode: "the one-time code URI or secret"
            case .backupPassword: "the backup's password"
            case .newBackupPassword: "the password for the backup"
            case .keePassPassword: "the KeePass file's password"
            case .newKeePassPassword: "the password for the KeePass file"
            case .syncPassword: "the master password set on the other device"
            }
        }

        /// New secrets are typed twice on a terminal, so a typo does not lock anyone out.
        var needsConfirmation: Bool {
            switch self {
            // A one-time code setting is checked by parsing it, and is usually pasted, not typed.
            case .masterPassword, .thisVaultsMasterPassword, .oneTimeCode, .backupPassword, .keePassPassword, .syncPassword: false
            case .newMasterPassword, .itemPassword, .fieldValue, .newBackupPassword, .newKeePassPassword: true
            }
        }
    }

    let fromStandardInput: Bool
    private lazy var standardInput = StdinSecrets()

    init(fromStandardInput: Bool) {
        self.fromStandardInput = fromStandardInput
    }

    func read(_ purpose: Purpose, confirmNew: Bool = true) throws -> SecureBytes {
        if fromStandardInput {
            return try standardInput.next(expecting: purpose.description)
        }
        if purpose.needsConfirmation && confirmNew {
            return try SecretPrompt.readConfirmed(
                prompt: purpose.prompt, confirmPrompt: "Repeat to confirm: ", secretName: purpose.description)
        }
        return try SecretPrompt.read(prompt: purpose.prompt, secretName: purpose.description)
    }
}
