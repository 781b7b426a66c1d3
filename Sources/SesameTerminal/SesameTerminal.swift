// SesameTerminal: see docs/design.md.
