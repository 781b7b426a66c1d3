#if canImport(UIKit)
import Foundation
import SesameAutoFill

/// A login with a one-time code, as the codes screen shows it: its current code and the seconds it has left, worked
/// out from the item's settings at each tick without reading the vault again.
public struct OneTimeCodeEntry: Sendable, Identifiable {
    public let id: UUID
    public let title: String
    public let username: String
    let settings: OneTimeCodeSettings

    /// Seconds a code lives (30 for most sites), for the countdown's full circle.
    public var period: Int { settings.period }

    public func code(at date: Date) -> OneTimeCode {
        OneTimeCode(settings, at: date)
    }
}
#endif
