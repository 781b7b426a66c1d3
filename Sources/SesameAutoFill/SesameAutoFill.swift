// SesameAutoFill: see docs/design.md.
