import Foundation
import SesameAutoFill
import SesameCrypto

// MARK: - Prompts and results from other threads

extension SecretService {
    static let unlockAttempts = 3

    /// Asks for the master password through pinentry off the bus thread, unlocks the agent, and completes the
    /// prompt; dismissed when no pinentry can ask (no terminal, no display) or the person cancels.
    func runUnlockPrompt(_ id: String) {
        let unlocker = vault.makeUnlocker(), pinentry = pinentry, outbox = outbox
        Thread.detachNewThread {
            var problem: String?
            for _ in 1...Self.unlockAttempts {
                guard let password = pinentry.askPassword(
                    description: "A program asks for the passwords in your Sesame vault. Enter the master password to unlock it.",
                    error: problem)
                else { break }
                do throws(ServiceFailure) {
                    try unlocker(password)
                    outbox.send(.prompt(id: id, unlocked: true))
                    return
                } catch {
                    guard error.code == .wrongPassword else { break }
                    problem = "Wrong master password; try again."
                }
            }
            outbox.send(.prompt(id: id, unlocked: false))
        }
    }

    /// Sends `Completed` and forgets the prompt: with the objects unlocked, or dismissed with an empty result.
    func completePrompt(_ id: String, unlocked: Bool) {
        guard let prompt = prompts.removeValue(forKey: id) else { return }
        messageCache = MessageCache()
        let objects = unlocked ? prompt.objects : []
        bus.emitSignal(path: SecretObject.prompt(id).path, interface: SecretInterfaces.prompt.name, member: "Completed") { message throws(BusError) in
            try message.append(!unlocked)
            try message.open("v", "ao")
            try message.append(objectPaths: objects)
            try message.close()
        }
        if unlocked {
            for path in paths(of: .login) {
                bus.emitPropertiesChanged(path: path, interface: SecretInterfaces.collection.name, names: ["Locked"])
            }
        }
    }

    func drainOutbox() {
        for result in outbox.take() {
            switch result {
            case .prompt(let id, let unlocked): completePrompt(id, unlocked: unlocked)
            case .confirmation(let token, let program, let allowed): confirmation?.finish(token, program: program, allowed: allowed, service: self)
            case .stop: stopRequested = true
            }
        }
    }
}
