import Foundation
@testable import SesameAgent
import Testing

/// docs/agent-protocol.md §5 prints the policy table: every operation in exactly one row, and each row says what
/// the agent enforces.
@Suite struct PolicyTableDocTests {
    struct Row: Equatable, CustomStringConvertible {
        var secretsOut: OperationPolicy.SecretsOut
        var secretFrames: Int
        var needsMasterPassword: Bool
        var description: String { "\(secretsOut), \(secretFrames) frames, master password \(needsMasterPassword)" }
    }

    @Test func theDocumentedTableIsThePolicy() throws {
        let documented = try Self.documentedRows()
        for operation in AgentOperations.names {
            let policy = try #require(AgentOperations.policy(of: operation))
            #expect(documented[operation] == [Row(
                secretsOut: policy.secretsOut, secretFrames: policy.secretFrames,
                needsMasterPassword: policy.needsMasterPassword)], "\(operation)")
        }
        #expect(Set(documented.keys) == Set(AgentOperations.names))
    }

    /// Each operation named in a row of §5's table, with the rows that name it.
    static func documentedRows() throws -> [String: [Row]] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/agent-protocol.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## 5. The policy table").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        var rows: [String: [Row]] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4 else { continue }
            let secrets: OperationPolicy.SecretsOut =
                cells[1].hasPrefix("none") ? .none : cells[1].hasPrefix("bulk") ? .bulk
                : cells[1].hasPrefix("the best logins") ? .site
                : cells[1].hasPrefix("one item's current one-time code") ? .oneTimeCode : .one
            let row = Row(secretsOut: secrets, secretFrames: Int(cells[2]) ?? -1, needsMasterPassword: cells[3].hasPrefix("yes"))
            // The operations are the backquoted names outside parentheses.
            var depth = 0
            var name: String?
            for character in cells[0] {
                switch character {
                case "(": depth += 1
                case ")": depth -= 1
                case "`" where depth == 0:
                    if let finished = name { rows[finished, default: []].append(row); name = nil } else { name = "" }
                default: if name != nil { name?.append(character) }
                }
            }
        }
        return rows
    }
}
