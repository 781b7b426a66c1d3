import Foundation
import SesameDomains

/// Everything that can go wrong with a vault, as one clear sentence each. Messages name files and item ids,
/// never titles, user names, URLs or secrets.
public enum VaultError: Error, Equatable, Sendable, CustomStringConvertible {
    case fileNotFound(path: String)
    case alreadyExists(path: String)
    case notAVault(path: String)
    case isFolder(path: String)
    case cannotCreate(path: String, reason: String)
    case damaged(path: String, detail: String)
    case headerDamaged(path: String)
    case newerFormat(found: Int, supported: Int)
    case wrongPassword
    case locked
    case itemNotFound(UUID)
    case itemDamaged(UUID)
    case itemFromNewerVersion(UUID, format: Int)
    case readOnly(path: String)
    case diskFull(path: String)
    case busy(path: String)
    case storage(path: String, detail: String)
    case invalidKDF(String)
    case domains(DomainError)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "There is no vault at \(path); create one with 'sesame init'."
        case .alreadyExists(let path):
            "A vault already exists at \(path); nothing was changed."
        case .notAVault(let path):
            "\(path) is not a Sesame vault."
        case .isFolder(let path):
            "\(path) is a folder, not a vault file; give the path of the vault file itself."
        case .cannotCreate(let path, let reason):
            "Cannot create a vault at \(path): \(reason); nothing was changed."
        case .damaged(let path, let detail):
            "The vault file \(path) is damaged (\(detail)); restore it from a backup."
        case .headerDamaged(let path):
            "The header of the vault \(path) is damaged (its checksum does not match), so the vault key cannot be recovered; restore the file from a backup."
        case .newerFormat(let found, let supported):
            "This vault uses format version \(found), but this Sesame reads versions up to \(supported); update Sesame."
        case .wrongPassword:
            "Wrong master password."
        case .locked:
            "The vault is locked."
        case .itemNotFound(let id):
            "No item with id \(id.uuidString.lowercased())."
        case .itemDamaged(let id):
            "Item \(id.uuidString.lowercased()) is damaged and cannot be decrypted (authentication failed)."
        case .itemFromNewerVersion(let id, let format):
            "Item \(id.uuidString.lowercased()) was written by a newer Sesame (item format \(format)); update Sesame."
        case .readOnly(let path):
            "The vault \(path) is read-only (the file, its folder or its file system cannot be written); nothing was changed."
        case .diskFull(let path):
            "The vault \(path) could not grow (the disk is full, or a quota or file size limit was reached); nothing was changed."
        case .busy(let path):
            "The vault \(path) stayed busy in another process for too long; nothing was changed, try again."
        case .storage(let path, let detail):
            "The vault \(path) could not be read or written (\(detail)); nothing was changed."
        case .invalidKDF(let reason):
            "\(reason)."
        case .domains(let error):
            "\(error)."
        }
    }
}
