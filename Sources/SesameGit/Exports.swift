// git's message format lives in SesameGitProtocol, which the small `git-credential-sesame` front links without the
// rest; every user of SesameGit sees it through this module as before.
@_exported import SesameGitProtocol
