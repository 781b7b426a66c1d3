// The sanitizer is SesameTerminalText, which the small `sesame` front links alone; users of SesameTerminal get it
// through this module.
@_exported import SesameTerminalText
