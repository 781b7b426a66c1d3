// SesameAgent: see docs/design.md.
