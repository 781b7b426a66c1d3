extension String {
    /// Word-wraps the text to `width` columns; lines after the first are indented by `indent` spaces.
    ///
    /// Existing line breaks are kept (blank lines separate paragraphs). A word longer than a line gets a line of
    /// its own rather than being cut. Widths are counted in characters: help text is English.
    func wrapped(to width: Int, indent: Int = 0, firstLineIndent: Int = 0) -> String {
        var lines: [String] = []
        for paragraphLine in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineIndent = lines.isEmpty ? firstLineIndent : indent
            for word in paragraphLine.split(separator: " ") {
                if !line.isEmpty && lineIndent + line.count + 1 + word.count > width {
                    lines.append(String(repeating: " ", count: lineIndent) + line)
                    line = ""
                    lineIndent = indent
                }
                line += line.isEmpty ? String(word) : " \(word)"
            }
            lines.append(line.isEmpty ? "" : String(repeating: " ", count: lineIndent) + line)
        }
        return lines.joined(separator: "\n")
    }
}
