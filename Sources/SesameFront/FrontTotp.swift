import Glibc
import SesameAgentLink
import SesameCommandContract
import SesameTerminalText

/// `sesame totp ITEM [--json] [--vault PATH] [--password-stdin]` served by the front: `resolve`, then the agent's
/// `oneTimeCode` of that item (the code, computed in the agent, where the full command reveals the item and
/// computes it itself); the same JSON or line. An item without a code, an agent that does not know the operation,
/// and every error are the full CLI's.
struct FrontTotp {
    var reference: String
    var json: Bool
    var vault: String?
    let environment: [String: String]

    init?(_ words: [String], environment: [String: String]) {
        guard words.first == FrontServedCommand.totp.rawValue,
            let arguments = FrontArguments(words.dropFirst(), options: FrontArguments.common, positionals: 1...1)
        else { return nil }
        reference = arguments.positionals[0]
        json = arguments.has(.json)
        vault = arguments.value(.vault)
        self.environment = environment
    }

    func run() -> Int32? {
        guard let (conversation, resolved) = FrontAgent.open(
                vault: vault, environment: environment, .resolve, FrontShow.resolveFields(reference)),
            let wireID = resolved[FrontReply.Resolve.view]?[FrontReply.ItemView.id]?.string,
            let reply = FrontAgent.send(conversation, .oneTimeCode, AgentJSON.members([FrontRequest.ItemID.itemID: .string(wireID)])),
            let oneTimeCode = reply[FrontReply.OneTimeCode.oneTimeCode],
            let code = oneTimeCode[FrontReply.OneTimeCodeValue.code]?.string,
            let remaining = oneTimeCode[FrontReply.OneTimeCodeValue.remaining]?.int
        else { return nil }
        let output = json
            ? FrontOutput.json(.object(named: [CommandJSON.OneTimeCode.code: .string(code), .remaining: .number(String(remaining))]))
            : FrontOutput.line(CommandOutput.oneTimeCode(code, remaining: remaining))
        return FullProgram.writeAll(output, to: STDOUT_FILENO) ? 0 : 1
    }
}
