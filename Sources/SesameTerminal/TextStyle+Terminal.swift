import SesameTerminalText
extension TextStyle {
    /// Styled when standard output takes colour (``Terminal/useColor``).
    public static var standardOutput: TextStyle { TextStyle(isEnabled: Terminal.useColor) }

    /// Styled when standard error takes colour (``Terminal/useColorOnStandardError``).
    public static var standardError: TextStyle { TextStyle(isEnabled: Terminal.useColorOnStandardError) }
}
