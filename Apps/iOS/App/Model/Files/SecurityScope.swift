#if canImport(UIKit)
import UIKit

/// A URL the document picker handed over (or a bookmark of one, resolved): the app reaches it only between a
/// successful `startAccessingSecurityScopedResource()` and the `stopAccessingSecurityScopedResource()` that must
/// balance it, which this keeps together. A URL that needs no scope (inside the app's own container) answers false
/// to the start and is reachable anyway, so the body runs either way; a refusal then comes from the coordinated
/// access itself (``FileCoordination``).
enum SecurityScope {
    static func accessing<T>(_ url: URL, _ body: () throws -> T) rethrows -> T {
        let started = url.startAccessingSecurityScopedResource()
        defer { if started { url.stopAccessingSecurityScopedResource() } }
        return try body()
    }
}
#endif
