import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameStore

/// A value that can hold a password, a protected field value, a token or a one-time code. The reply guard finds
/// such values by their type (``ReplySecrets/present(in:)``), so a reply field of such a type is guarded the day it
/// is added, without being listed anywhere. A wire type that holds one of these inside is itself one.
protocol CarriesSecrets {
    /// Whether this value holds a secret now: true unless the type says otherwise (an audit report holds passwords
    /// only when asked to show them).
    var holdsSecrets: Bool { get }
}

extension CarriesSecrets {
    var holdsSecrets: Bool { true }
}

extension Optional: CarriesSecrets where Wrapped: CarriesSecrets {
    var holdsSecrets: Bool { self?.holdsSecrets ?? false }
}

/// A list of secret-bearing values counts as one even when empty: its type says what it may carry.
extension Array: CarriesSecrets where Element: CarriesSecrets {
    var holdsSecrets: Bool { isEmpty || contains { $0.holdsSecrets } }
}

/// The reply guard's question: does a reply hold any secret? Asked of every top-level field of the reply by its
/// type, so no list of secret fields exists to forget one in.
enum ReplySecrets {
    static func present(in reply: Any) -> Bool {
        Mirror(reflecting: reply).children.contains { child in
            (child.value as? any CarriesSecrets)?.holdsSecrets == true
        }
    }
}
