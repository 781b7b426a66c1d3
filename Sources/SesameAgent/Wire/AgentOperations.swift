/// The registry: every operation that has its own type (``AgentOperation``), by its name on the wire. The server
/// dispatches through it and docs/agent-protocol.md §5 is checked against it (`PolicyTableDocTests`).
///
/// Operations not listed here are still served through the shared `WireRequest`/`WireReply` and
/// ``WireOperation`` (issue 23 moves them here one by one).
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
            PasskeysOperation.self,
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
            AttachOperation.self, UnlockOperation.self, LockOperation.self, StatusOperation.self, StopOperation.self,
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

    /// The policy row of any operation, registered or not.
    static func policy(of name: String) -> OperationPolicy? {
        named(name)?.policy ?? servedByConnection(name)?.policy ?? WireOperation(rawValue: name).map(OperationPolicy.of)
    }

    /// Every operation's name: the registered ones and those still served only through ``WireOperation``.
    static var names: [String] {
        let registered = all.map { $0.name } + servedByConnection.map { $0.name }
        return registered + WireOperation.allCases.map(\.rawValue).filter { !registered.contains($0) }
    }
}
