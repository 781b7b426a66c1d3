/// The agent requests the fronts write, by name: the operations, the fields of their requests and the values the
/// fronts put in them, as protocol v2 names them. Each set of fields is a `CaseIterable` enum holding every field
/// of that request, so `FrontContractTests` (SesameAgentTests) can encode the agent's own request types and check
/// that their keys are exactly these; the fronts write no other name.
public enum FrontRequest {
    public enum Operation: String, Sendable, CaseIterable {
        case fill, match, list, resolve, reveal, oneTimeCode, lookupSiteCredential
    }

    /// `fill`'s fields (`FillOperation.Request`).
    public enum Fill: String, Sendable, CaseIterable {
        case identifiers, username
    }

    /// `match`'s fields (`MatchOperation.Request`).
    public enum Match: String, Sendable, CaseIterable {
        case identifiers, rowsPerFrame
    }

    /// `list`'s fields (`ListOperation.Request`).
    public enum List: String, Sendable, CaseIterable {
        case state
    }

    /// `resolve`'s fields (`ResolveOperation.Request`).
    public enum Resolve: String, Sendable, CaseIterable {
        case reference, states
    }

    /// The fields of `reveal` and `oneTimeCode`, which name one item (`WireItemID`).
    public enum ItemID: String, Sendable, CaseIterable {
        case itemID
    }

    /// `lookupSiteCredential`'s fields (`LookupSiteCredentialOperation.Request`).
    public enum LookupSiteCredential: String, Sendable, CaseIterable {
        case query
    }

    /// One element of `identifiers` (`WireServiceIdentifier`).
    public enum ServiceIdentifier: String, Sendable, CaseIterable {
        case identifier, kind
    }

    /// `kind`'s values: a text with `://` is a URL, anything else a domain (`ServiceIdentifier(parsing:)`).
    public enum IdentifierKind: String, Sendable, CaseIterable {
        case url, domain
    }

    /// A site as `lookupSiteCredential`'s `query` names it (`WireSiteCredentialQuery`).
    public enum SiteQuery: String, Sendable, CaseIterable {
        case scheme, host, path, username, password
    }

    /// The item states `list` and `resolve` are asked for (`WireItemState`).
    public enum ItemState: String, Sendable, CaseIterable {
        case active
    }
}
