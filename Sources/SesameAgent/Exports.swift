// The agent's socket, locations and errors live in SesameAgentLink, which the small `sesame` front links without
// the rest; every user of the agent sees them through this module as before.
@_exported import SesameAgentLink
