// SesameGit: see docs/design.md.
