/// What the iOS app and its extension do with the trusted session's vault (``CredentialProvider/perform(_:)``):
/// items, the trash, saving a login a form submitted, the audit (which reads the equivalent domains) and the master
/// password. A feature the app starts using is named here first.
public typealias ContainingAppVault = VaultItems & VaultTrash & SiteCredentialService & EquivalentsService
    & MasterPasswordChanging
