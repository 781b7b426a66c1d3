// The agent's socket, locations and errors are SesameAgentLink, which the small `sesame` front links alone; users
// of the agent get them through this module.
@_exported import SesameAgentLink
