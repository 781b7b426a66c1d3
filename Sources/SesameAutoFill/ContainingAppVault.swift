/// What the iOS app and its extension do with the trusted session's vault (``CredentialProvider/perform(_:)``):
/// items, the trash, saving a login a form submitted, the audit (which reads the equivalent domains), the master
/// password, and the export iOS 26's credential exchange sends (after the master password again). A feature the
/// app starts using is named here first.
public typealias ContainingAppVault = VaultItems & VaultTrash & SiteCredentialService & EquivalentsService
    & MasterPasswordChanging & VaultExporting
