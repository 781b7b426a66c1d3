/// What the agent lets each operation carry over the socket. One row per operation (each ``AgentOperation``'s and
/// ``ConnectionOperation``'s `policy`); the server checks every reply against its row before sending it, and docs/agent-protocol.md §5 prints the table (`PolicyTableDocTests`).
struct OperationPolicy: Equatable, Sendable {
    /// What secret bytes a reply may carry.
    enum SecretsOut: String, Sendable {
        /// None: no password, protected field value, password history or token.
        case none
        /// The secrets of exactly one credential or item, asked for by id, form or site.
        case one
        /// The best logins of one page, to a browser extension the user associated with the vault.
        case site
        /// One item's current one-time code (derived from its secret, never the secret), to a browser extension
        /// the user associated, for a page that item fills.
        case oneTimeCode
        /// Many items' secrets at once (export): only after the master password is proved again.
        case bulk
    }

    var secretsOut: SecretsOut
    /// Raw secret frames that follow the JSON message (master passwords, never in JSON).
    var secretFrames: Int
    /// Whether the client must prove the master password again, even while the agent is unlocked (throttled
    /// like an unlock).
    var needsMasterPassword: Bool

    /// The row of most operations: no secret out, no secret frame in, no master password again.
    static let plain = OperationPolicy(secretsOut: .none, secretFrames: 0, needsMasterPassword: false)
    /// The row of an operation that hands over the secrets of exactly one item or credential.
    static let oneItem = OperationPolicy(secretsOut: .one, secretFrames: 0, needsMasterPassword: false)
}
