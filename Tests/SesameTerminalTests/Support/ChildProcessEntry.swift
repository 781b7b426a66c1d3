import Foundation
import Testing

/// The entry point of child processes (see `ChildProcess`); skipped in a normal test run.
@Suite struct ChildProcessEntry {
    @Test(.enabled(if: ProcessInfo.processInfo.environment[ChildProcess.scenarioVariable] != nil))
    func runScenario() throws {
        let name = try #require(ProcessInfo.processInfo.environment[ChildProcess.scenarioVariable])
        let scenario = try #require(ChildScenarios(rawValue: name))
        scenario.run()
    }
}
