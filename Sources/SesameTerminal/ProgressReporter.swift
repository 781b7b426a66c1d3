import Glibc
import SesameTerminalText
/// One line of progress on standard error, such as `Adding 120/1000`, for long operations.
///
/// It draws only when standard error is a terminal and is silent otherwise, so logs and pipes stay clean. Redraws
/// are limited to about ten a second; the final count is always drawn. ``finish()`` (or deinit) clears the line,
/// so print the summary afterwards.
///
/// Named `ProgressReporter` rather than `Progress` to stay clear of `Foundation.Progress`.
///
/// ```swift
/// let progress = ProgressReporter("Adding", total: entries.count)
/// for entry in entries { try vault.add(entry); progress.advance() }
/// progress.finish()
/// print("Added \(entries.count) items.")
/// ```
public final class ProgressReporter {
    /// The words before the count, for example `Adding`.
    public let label: String
    /// The count to reach, if known.
    public let total: Int?
    /// Whether anything is drawn at all.
    public let isEnabled: Bool
    /// The steps completed so far.
    public private(set) var completed = 0

    private let write: (String) -> Void
    private let minimumInterval: Duration
    private let clock = ContinuousClock()
    private var lastDraw: ContinuousClock.Instant?
    private var hasDrawn = false

    /// A reporter that draws on standard error if, and only if, standard error is a terminal.
    public convenience init(_ label: String, total: Int? = nil) {
        self.init(label, total: total, isEnabled: Terminal.isStandardErrorATerminal) {
            // Raw: the reporter draws with its own escapes; its label is sanitized in `line`.
            FileDescriptorIO.writeAll(STDERR_FILENO, $0)
        }
    }

    /// A reporter writing to `write`; for tests and unusual destinations.
    init(
        _ label: String, total: Int?, isEnabled: Bool, minimumInterval: Duration = .milliseconds(100),
        write: @escaping (String) -> Void
    ) {
        self.label = label
        self.total = total
        self.isEnabled = isEnabled
        self.minimumInterval = minimumInterval
        self.write = write
    }

    deinit {
        finish()
    }

    /// Sets the number of completed steps and redraws if due.
    public func update(completed: Int) {
        self.completed = completed
        guard isEnabled else { return }
        let now = clock.now
        let isLast = total.map { completed >= $0 } ?? false
        if !isLast, let lastDraw, now - lastDraw < minimumInterval { return }
        lastDraw = now
        hasDrawn = true
        // Carriage return and "erase line" redraw in place.
        write("\r\u{1B}[2K" + line)
    }

    /// Adds `steps` to the completed count.
    public func advance(by steps: Int = 1) {
        update(completed: completed + steps)
    }

    /// Clears the progress line; safe to call more than once.
    public func finish() {
        guard hasDrawn else { return }
        hasDrawn = false
        write("\r\u{1B}[2K")
    }

    /// The text drawn, for example `Adding 120/1000`.
    var line: String {
        let label = TerminalText.singleLine(label)
        return total.map { "\(label) \(completed)/\($0)" } ?? "\(label) \(completed)"
    }
}
