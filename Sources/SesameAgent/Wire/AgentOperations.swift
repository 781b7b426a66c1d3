/// The registry: every operation of the protocol, each a type of its own, by its name on the wire. The server
/// dispatches through it and docs/agent-protocol.md §5 is checked against it (`PolicyTableDocTests`).
///
/// Two lists: the operations on the unlocked vault (``AgentOperation``) and those the connection serves itself
/// (``ConnectionOperation``).
enum AgentOperations {
    static var all: [any AgentOperation.Type] {
        [
            VaultStatusOperation.self,
            ListOperation.self, ResolveOperation.self, RevealOperation.self, AddOperation.self,
            ImportItemsOperation.self, UpdateOperation.self, MatchOperation.self, FillOperation.self,
            DeleteOperation.self, MoveToTrashOperation.self, RestoreOperation.self,
            CredentialOperation.self, OneTimeCodeOperation.self, LookupSiteCredentialOperation.self,
            BrowserDatabaseHashOperation.self, BrowserRevokeOperation.self, BrowserTestAssociationOperation.self,
            BrowserLoginsOperation.self, BrowserSaveLoginOperation.self, BrowserOneTimeCodeOperation.self,
            SyncConflictsOperation.self, ConflictVersionsOperation.self, ResolveConflictOperation.self,
            AutoTypeRulesOperation.self, AddAutoTypeRuleOperation.self, RemoveAutoTypeRuleOperation.self,
            AutoTypeCandidatesOperation.self,
            BrowserAssociationsOperation.self,
            ChangeMasterPasswordOperation.self, ExportOperation.self,
            SaveSiteCredentialOperation.self, RejectSiteCredentialsOperation.self,
            PasskeysOperation.self, PasskeyRegisterOperation.self, PasskeyAssertOperation.self, PasskeyPreviewOperation.self,
            EquivalentsOperation.self, AddEquivalentsOperation.self, RemoveEquivalentsOperation.self,
            ImportEquivalentsOperation.self,
            SearchAttributesOperation.self, AttributedItemOperation.self, StoreAttributedOperation.self,
            AuditOperation.self,
        ]
    }

    /// The operations the connection serves itself (``ConnectionOperation``): the agent's own state, browser
    /// pairing, sync.
    static var servedByConnection: [any ConnectionOperation.Type] {
        [
            HelloOperation.self, AttachOperation.self, UnlockOperation.self, LockOperation.self, StatusOperation.self, StopOperation.self,
            BrowserAssociateOperation.self, BrowserPendingOperation.self, BrowserAnswerOperation.self,
            SyncOperation.self, SyncStatusOperation.self,
        ]
    }

    static func named(_ name: String) -> (any AgentOperation.Type)? {
        all.first { $0.name == name }
    }

    static func servedByConnection(_ name: String) -> (any ConnectionOperation.Type)? {
        servedByConnection.first { $0.name == name }
    }

    /// The policy row of any operation.
    static func policy(of name: String) -> OperationPolicy? {
        named(name)?.policy ?? servedByConnection(name)?.policy
    }

    /// Every operation's name.
    static var names: [String] { all.map { $0.name } + servedByConnection.map { $0.name } }
}
