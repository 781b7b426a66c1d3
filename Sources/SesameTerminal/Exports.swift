// The sanitizer lives in SesameTerminalText, which the small `sesame` front links without the rest; every user of
// SesameTerminal sees it through this module as before.
@_exported import SesameTerminalText
