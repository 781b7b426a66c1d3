/// Why the helper typed nothing, or stopped: one sentence for the person, never a typed value.
struct AutoTypeFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
