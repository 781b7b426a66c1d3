import Foundation
import SesameAutoFill
import SesameCrypto
import SesameDomains
import SesameStore
import SesameTerminal

/// What a running command needs beyond its arguments: where the vault is, how to get secrets, and how to reach an
/// unlocked vault.
final class CommandContext {
    let arguments: ParsedArguments
    let environment: [String: String]
    let secrets: SecretReader

    init(arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.arguments = arguments
        self.environment = environment
        let fromStdin = arguments.spec.options.contains { $0.name == "password-stdin" } && arguments.flag("password-stdin")
        secrets = SecretReader(fromStandardInput: fromStdin)
    }

    var vaultPath: String {
        let explicit = arguments.spec.options.contains { $0.name == "vault" } ? arguments.value("vault") : nil
        return VaultLocation.path(explicit: explicit, environment: environment)
    }

    var wantsJSON: Bool {
        arguments.spec.options.contains { $0.name == "json" } && arguments.flag("json")
    }

    /// An unlocked vault to send requests to: asks for the master password (unless the caller already has it) and
    /// unlocks the vault in this process.
    func openService(password known: SecureBytes? = nil) throws -> any VaultService {
        let vault = try Vault(path: vaultPath)
        let password = try known ?? secrets.read(.masterPassword)
        try vault.unlock(password: password)
        return LocalVaultService(vault: vault)
    }

    /// Turns the core's errors into CLI errors with the documented exit statuses.
    static func translate(_ error: any Error) -> any Error {
        switch error {
        case let failure as ServiceFailure:
            return CLIError(failure.message, status: failure.code == .wrongPassword ? .wrongPassword : .failure)
        case let error as VaultError:
            return translate(ServiceFailure(error))
        case let error as ReferenceError:
            return translate(ServiceFailure(error))
        case let error as DomainError:
            return translate(ServiceFailure(error))
        case let error as CryptoError:
            return CLIError(error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
        default:
            return error
        }
    }

    /// Prints a value as JSON on stdout: sorted keys, ISO-8601 dates, one trailing newline.
    func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
