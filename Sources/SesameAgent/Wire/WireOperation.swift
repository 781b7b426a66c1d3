/// Every message type a client may send, by its name on the wire (`"type"`). The agent's policy for each is in
/// ``OperationPolicy``; docs/agent-protocol.md §4 shows every one byte for byte.
enum WireOperation: String, CaseIterable, Sendable {
    // The agent itself.
    case hello, attach, unlock, lock, status, stop
    // VaultItems, VaultTrash.
    case vaultStatus, list, resolve, reveal, add, importItems, update, delete, moveToTrash, restore
    // CredentialFilling; `oneTimeCode`: one item's current code, for the `sesame` front's `totp`.
    case match, fill, credential, oneTimeCode
    // SiteCredentialService.
    case lookupSiteCredential, saveSiteCredential, rejectSiteCredentials
    // EquivalentsService.
    case equivalents, addEquivalents, removeEquivalents, importEquivalents
    // AttributedItems (the Secret Service).
    case searchAttributes, attributedItem, storeAttributed
    // MasterPasswordChanging.
    case changeMasterPassword
    // BrowserAccess, and the association requests the agent holds until the user answers them.
    case browserDatabaseHash, browserAssociations, browserRevoke, browserTestAssociation, browserLogins
    case browserSaveLogin, browserAssociate, browserPending, browserAnswer, browserOneTimeCode
    // AutoTypeService.
    case autoTypeRules, addAutoTypeRule, removeAutoTypeRule, autoTypeCandidates
    /// VaultExporting: bulk plaintext for `sesame export`, after the master password again.
    case export
    /// Sync: a round now, and the status with the agent's automatic sync.
    case sync, syncStatus
    /// SyncConflictService: conflicts listed (no secrets), one item's versions in full, a version kept.
    case syncConflicts, conflictVersions, resolveConflict
    /// The audit of every login, run where the key is: only titles, reasons and counts come back.
    case audit
}
