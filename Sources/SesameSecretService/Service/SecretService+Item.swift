import Foundation
import SesameAutoFill
import SesameCrypto

// MARK: - org.freedesktop.Secret.Item, Session, Prompt

extension SecretService {
    func handleItem(_ collection: CollectionName, _ id: String, _ call: BusMessage) throws(BusError) {
        let path = SecretObject.itemPath(collection, id)
        try requireItem(collection, id)
        switch call.member {
        case "Delete":
            switch collection {
            case .session:
                memory.remove(id)
            case .login:
                // To the trash, not gone: a client's clear can be undone with 'sesame trash restore'.
                try withVault { vault throws(ServiceFailure) in try vault.moveToTrash(try Self.uuid(id)) }
            }
            announce("ItemDeleted", item: path, in: collection)
            try bus.reply(to: call) { reply throws(BusError) in try reply.appendObjectPath(SecretObject.none) }
        case "GetSecret":
            let session = try session(at: try call.readObjectPath(), for: call)
            if let confirmation, collection == .session || !isVaultLocked {
                guard try confirmation.mayRead(call, service: self) else { return }
            }
            let secret = try readSecret(collection, id, session: session)
            try bus.reply(to: call) { reply throws(BusError) in try reply.append(secret: secret) }
        case "SetSecret":
            let transport = try call.readSecret()
            let secret = try session(at: transport.session, for: call).decode(transport)
            switch collection {
            case .session:
                if var changed = memory.entries[id] {
                    changed.secret = secret
                    guard memory.fits(changed, replacing: id) else {
                        throw .limitsExceeded("The session collection holds at most \(BusBudget.describe(bytes: BusBudget.memoryBytes)) of secrets.")
                    }
                }
                memory.update(id) {
                    $0.secret = secret
                    $0.contentType = transport.contentType.isEmpty ? "text/plain" : transport.contentType
                }
            case .login:
                var change = ItemChange()
                change.password = try Self.text(of: secret)
                try withVault { vault throws(ServiceFailure) in _ = try vault.update(try Self.uuid(id), change) }
            }
            itemChanged(path, collection: collection, properties: ["Modified"])
            try bus.reply(to: call) { _ throws(BusError) in }
        default:
            throw .unknownMethod(call.member)
        }
    }

    static func uuid(_ id: String) throws(ServiceFailure) -> UUID {
        guard let uuid = SecretObject.uuid(fromItemID: id) else { throw ServiceFailure(.notFound, "No such item.") }
        return uuid
    }

    func itemChanged(_ path: String, collection: CollectionName, properties: [String]) {
        messageCache = MessageCache()
        bus.emitPropertiesChanged(path: path, interface: SecretInterfaces.item.name, names: properties)
        announce("ItemChanged", item: path, in: collection)
    }

    func handleSession(_ id: String, _ call: BusMessage) throws(BusError) {
        guard call.member == "Close" else { throw .unknownMethod(call.member) }
        guard sessions[id]?.owner == call.sender else { throw .noSession(call.path) }
        sessions[id] = nil
        try bus.reply(to: call) { _ throws(BusError) in }
    }

    func handlePrompt(_ id: String, _ call: BusMessage) throws(BusError) {
        guard let prompt = prompts[id], prompt.owner == call.sender else { throw .noSuchObject(call.path) }
        switch call.member {
        case "Prompt":
            _ = try call.readString()  // window id: Sesame's prompt is pinentry's, not a window of the client
            guard !prompt.isRunning else { throw .failed("This prompt is already showing.") }
            // Said now, as an error of this call, when nothing can ask: better than a prompt dismissed silently.
            let plan = promptPlan(for: call)
            guard !plan.attempts.isEmpty else {
                prompts[id] = nil
                throw .failed("Sesame cannot ask for the master password: \(plan.obstacles.joined(separator: "; ")). Unlock the vault with 'sesame unlock' and try again.")
            }
            prompts[id]?.isRunning = true
            try bus.reply(to: call) { _ throws(BusError) in }
            runUnlockPrompt(id, plan: plan)
        case "Dismiss":
            try bus.reply(to: call) { _ throws(BusError) in }
            completePrompt(id, unlocked: false)
        default:
            throw .unknownMethod(call.member)
        }
    }
}
