/// A prompt `Unlock` handed out: single-use, belonging to the connection that asked.
struct PendingPrompt {
    var owner: String
    /// The vault's objects the unlock was asked for, echoed in `Completed` exactly as given.
    var objects: [String]
    var isRunning = false
}
