import SesameAutoFill
import SesameSecretAttributes

/// What the Secret Service does with the unlocked vault: finds and stores items by their lookup attributes, reads
/// and changes one item (`GetSecret`, `SetSecret`, `Label`) and moves one to the trash (`Delete`).
public typealias SecretServiceVault = VaultItems & VaultTrash & AttributedItems
