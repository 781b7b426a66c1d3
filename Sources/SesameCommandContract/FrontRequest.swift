/// The agent requests the fronts write, by name: the operations and the fields of their requests, as protocol v2
/// names them. The agent's wire types decode the same names; the front-against-full-program tests (FrontTests,
/// FrontReadTests, GitFrontTests) send each of these through the real agent.
public enum FrontRequest {
    public enum Operation {
        public static let fill = "fill"
        public static let match = "match"
        public static let list = "list"
        public static let resolve = "resolve"
        public static let reveal = "reveal"
        public static let oneTimeCode = "oneTimeCode"
        public static let lookupSiteCredential = "lookupSiteCredential"
    }

    public enum Field {
        public static let identifiers = "identifiers"
        public static let identifier = "identifier"
        public static let kind = "kind"
        public static let username = "username"
        public static let state = "state"
        public static let states = "states"
        public static let reference = "reference"
        public static let itemID = "itemID"
        public static let rowsPerFrame = "rowsPerFrame"
        public static let query = "query"
    }
}
