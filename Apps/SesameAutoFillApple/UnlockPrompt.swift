#if canImport(AuthenticationServices)
import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// The unlock screen's state, as the core's ``Authenticator``: the provider asks, the screen shows the prompt, and
/// the person answers with ``submit(password:)`` or ``cancel()``. The SwiftUI view only draws it, so tests answer
/// exactly as a person would, through the same calls.
@MainActor
public final class UnlockPrompt: Authenticator {
    /// The question on screen, nil when none is pending.
    public private(set) var current: AuthenticationPrompt?
    /// Called after every change, for the view to redraw.
    public var onChange: (() -> Void)?
    /// Every prompt as it appears.
    public nonisolated let prompts: AsyncStream<AuthenticationPrompt>
    private let promptsContinuation: AsyncStream<AuthenticationPrompt>.Continuation
    private var answer: CheckedContinuation<AuthenticationResult, Never>?
    /// The biometric copy of the unlock key, when the person turned Face ID / Touch ID on in the app.
    public var biometricKey: BiometricKey?

    public nonisolated init() {
        (prompts, promptsContinuation) = AsyncStream.makeStream(of: AuthenticationPrompt.self)
    }

    public nonisolated func authenticate(_ prompt: AuthenticationPrompt) async -> AuthenticationResult {
        await ask(prompt)
    }

    private func ask(_ prompt: AuthenticationPrompt) async -> AuthenticationResult {
        // One question at a time: a new one replaces one still open, which counts as dismissed.
        answer?.resume(returning: .canceled)
        return await withCheckedContinuation { continuation in
            answer = continuation
            current = prompt
            onChange?()
            promptsContinuation.yield(prompt)
        }
    }

    /// The person typed their master password.
    public func submit(password: String) {
        respond(.masterPassword(SecureBytes(utf8: password)))
    }

    /// Whether the screen offers Face ID / Touch ID.
    public var offersBiometry: Bool {
        biometricKey?.isStored == true
    }

    /// The person chose Face ID / Touch ID: the keychain prompts, and the key it releases answers the prompt. When
    /// the person cancels the biometric prompt, the screen stays on the password.
    public func useBiometry() {
        guard let key = biometricKey?.read() else { return }
        respond(.unlockKey(key))
    }

    /// The person dismissed the screen.
    public func cancel() {
        respond(.canceled)
    }

    private func respond(_ result: AuthenticationResult) {
        guard let answer else { return }
        self.answer = nil
        current = nil
        onChange?()
        answer.resume(returning: result)
    }
}
#endif
