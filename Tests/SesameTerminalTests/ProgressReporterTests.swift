@testable import SesameTerminal
import Testing

/// Progress on standard error: drawn in place on a terminal, silent elsewhere.
@Suite struct ProgressReporterTests {
    /// Collects what a reporter draws.
    private final class Screen {
        var writes: [String] = []
    }

    @Test func drawsTheCountInPlaceAndClearsTheLineAtTheEnd() {
        let screen = Screen()
        let progress = ProgressReporter("Adding", total: 3, isEnabled: true, minimumInterval: .zero) {
            screen.writes.append($0)
        }
        progress.advance()
        progress.advance()
        progress.update(completed: 3)
        progress.finish()
        progress.finish()
        #expect(screen.writes == [
            "\r\u{1B}[2KAdding 1/3", "\r\u{1B}[2KAdding 2/3", "\r\u{1B}[2KAdding 3/3", "\r\u{1B}[2K",
        ])
    }

    @Test func isSilentWhenStandardErrorIsNotATerminal() {
        let screen = Screen()
        let progress = ProgressReporter("Adding", total: 3, isEnabled: false) { screen.writes.append($0) }
        progress.advance(by: 3)
        progress.finish()
        #expect(screen.writes.isEmpty)
        #expect(progress.completed == 3)
    }

    @Test func redrawsAreThrottledButTheFinalCountIsAlwaysDrawn() {
        let screen = Screen()
        let progress = ProgressReporter("Importing", total: 1000, isEnabled: true, minimumInterval: .seconds(60)) {
            screen.writes.append($0)
        }
        for _ in 0..<1000 { progress.advance() }
        #expect(screen.writes == ["\r\u{1B}[2KImporting 1/1000", "\r\u{1B}[2KImporting 1000/1000"])
    }

    @Test func countsWithoutATotal() {
        let screen = Screen()
        let progress = ProgressReporter("Scanned", total: nil, isEnabled: true, minimumInterval: .zero) {
            screen.writes.append($0)
        }
        progress.update(completed: 17)
        #expect(screen.writes == ["\r\u{1B}[2KScanned 17"])
    }

    @Test func deinitClearsALineLeftBehind() {
        let screen = Screen()
        do {
            let progress = ProgressReporter("Adding", total: 2, isEnabled: true, minimumInterval: .zero) {
                screen.writes.append($0)
            }
            progress.advance()
        }
        #expect(screen.writes.last == "\r\u{1B}[2K")
    }

    @Test func theDefaultReporterFollowsStandardError() {
        #expect(ProgressReporter("x").isEnabled == Terminal.isStandardErrorATerminal)
    }
}
