import SesameAutoFill
import SesameAutoTypeRules
import SesameBrowserAccess
import SesameSecretAttributes

/// Everything the agent serves of an unlocked vault: the core's protocols and the Linux features' (Auto-Type,
/// Secret Service attributes). `LocalVaultService` behind the socket and `AgentClient` in front of it are both
/// one; browser access and sync conflicts are asked of the vault by cast, as features not every vault offers.
/// The programs that reach the vault through the agent each take only the protocols they use.
public typealias UnlockedVault = VaultItems & VaultTrash & CredentialFilling & SiteCredentialService
    & EquivalentsService & MasterPasswordChanging & VaultExporting & VaultPasskeys & AutoTypeService & AttributedItems
