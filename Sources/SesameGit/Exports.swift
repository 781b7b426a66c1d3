// git's message format is SesameGitProtocol, which the small `git-credential-sesame` front links alone; users of
// SesameGit get it through this module.
@_exported import SesameGitProtocol
