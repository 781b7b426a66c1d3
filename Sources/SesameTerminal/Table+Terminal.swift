import SesameTerminalText
extension Table {
    /// Prints the table on standard output, fitted to the terminal if standard output is one.
    public func print() {
        Swift.print(render(maxWidth: Terminal.standardOutputWidth, style: .standardOutput), terminator: "")
    }
}
