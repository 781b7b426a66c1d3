@testable import SesameAgent
import Testing

@Suite struct AgentDurationTests {
    @Test(arguments: [
        ("90s", 90.0), ("15m", 900), ("2h", 7200), ("1d", 86_400), ("1h30m", 5400), ("45", 45), (" 2H ", 7200),
    ])
    func parsesDurations(_ text: String, _ seconds: Double) {
        #expect(AgentDuration.parse(text) == seconds)
    }

    @Test(arguments: ["", "0", "0s", "-5", "5x", "m", "1.5h", "15 m", "h1", "400d"])
    func rejectsNonDurations(_ text: String) {
        #expect(AgentDuration.parse(text) == nil)
    }

    @Test func formatsTheTwoLargestUnits() {
        #expect(AgentDuration.format(0) == "0s")
        #expect(AgentDuration.format(59.9) == "59s")
        #expect(AgentDuration.format(900) == "15m")
        #expect(AgentDuration.format(898) == "14m 58s")
        #expect(AgentDuration.format(5400) == "1h 30m")
        #expect(AgentDuration.format(90_061) == "1d 1h")
    }
}
