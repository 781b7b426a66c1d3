#if canImport(AuthenticationServices)
import Foundation
import Security  // Re-exports CoreFoundation's Darwin notify center on Apple platforms; the stand-in's on Linux.

/// The Darwin notification that the session ended (a lock, a master-password change), posted by the process that
/// ended it and observed by every other process of the app and its extension, which then checks the epoch at once
/// and wipes its keys instead of holding them until its next request.
///
/// It carries nothing and proves nothing (any process may post a Darwin notification): an observer only reads the
/// epoch again, so a forged one costs a file read.
public final class SessionEndSignal: Sendable {
    public let name: String
    private let onSignal: @Sendable () -> Void

    /// Tells every observer of `name` in every process.
    public static func post(name: String) {
        CFNotificationCenterPostNotification(
            CFNotificationCenterGetDarwinNotifyCenter(), CFNotificationName(name as CFString), nil, nil, true)
    }

    /// Observes `name` until this object goes away; `onSignal` runs on the thread the system delivers on.
    public init(name: String, onSignal: @escaping @Sendable () -> Void) {
        self.name = name
        self.onSignal = onSignal
        // A C callback captures nothing: the observer pointer leads back to this object.
        CFNotificationCenterAddObserver(
            CFNotificationCenterGetDarwinNotifyCenter(), Unmanaged.passUnretained(self).toOpaque(),
            { _, observer, _, _, _ in
                guard let observer else { return }
                Unmanaged<SessionEndSignal>.fromOpaque(observer).takeUnretainedValue().onSignal()
            },
            name as CFString, nil, .deliverImmediately)
    }

    deinit {
        CFNotificationCenterRemoveObserver(
            CFNotificationCenterGetDarwinNotifyCenter(), Unmanaged.passUnretained(self).toOpaque(),
            CFNotificationName(name as CFString), nil)
    }
}
#endif
