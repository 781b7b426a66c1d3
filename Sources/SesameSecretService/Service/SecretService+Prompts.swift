import Foundation
import SesameAutoFill
import SesameCrypto
import SesameTerminal

// MARK: - Prompts and results from other threads

extension SecretService {
    static let unlockAttempts = 3

    /// Where pinentry can ask about a call: the plan for the caller's program and terminal.
    func promptPlan(for call: BusMessage) -> Pinentry.Plan {
        let pid = bus.senderPID(of: call)
        let client = pid.flatMap(ClientTerminal.of(pid:))
        let name = pid.flatMap { ClientConfirmation.executable(of: $0) }.map { "the client (\($0), pid \(pid!))" }
            ?? "the program that asked"
        let plan = pinentry.plan(client: client, clientName: name)
        if plan.attempts.isEmpty {
            log("Cannot ask for the master password: \(plan.obstacles.joined(separator: "; ")).")
        }
        return plan
    }

    /// Asks for the master password through pinentry off the bus thread, unlocks the agent, and completes the
    /// prompt; dismissed when the person cancels or no attempt of the plan can show itself (then said in the log).
    func runUnlockPrompt(_ id: String, plan: Pinentry.Plan) {
        let unlocker = vault.makeUnlocker(), pinentry = pinentry, outbox = outbox, log = log
        Thread.detachNewThread {
            var problem: String?
            var attempts = plan.attempts[...]
            var tries = 0
            while let attempt = attempts.first, tries < Self.unlockAttempts {
                let answer = pinentry.askPassword(
                    description: "A program asks for the passwords in your Sesame vault. Enter the master password to unlock it.",
                    error: problem, attempt: attempt)
                guard case .shown(let typed) = answer else {
                    attempts = attempts.dropFirst()
                    log("\(attempt) could not show itself" + (attempts.first.map { "; trying \($0)" } ?? "; the prompt was dismissed (unlock with 'sesame unlock')") + ".")
                    continue
                }
                guard let password = typed else { break }  // cancelled
                tries += 1
                do throws(ServiceFailure) {
                    try unlocker(password)
                    outbox.send(.prompt(id: id, unlocked: true))
                    return
                } catch {
                    guard error.code == .wrongPassword else {
                        log("Unlocking failed: \(error.message)")
                        break
                    }
                    log("A wrong master password was typed at \(attempt).")
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
