/// The fields of the agent's replies that the fronts read, as protocol v2 names them: each enum holds every field
/// of one reply type, so `FrontContractTests` (SesameAgentTests) can encode the agent's own reply types, fully
/// populated, and check that their keys are exactly these. A field the agent renamed would otherwise send the
/// front down the slow path without a word.
public enum FrontReply {
    /// The key of a frame's kind, and the kind of a frame that answers a request (`WireResult`).
    public static let type = "type", result = "result"

    /// The item's match mode whose value wins over its URLs' own (`MatchMode.never`).
    public enum MatchMode: String, Sendable, CaseIterable {
        case never
    }

    /// `fill`'s reply (`FillOperation.Reply`).
    public enum Fill: String, Sendable, CaseIterable {
        case credential
    }

    /// `list`'s reply (`ListOperation.Reply`).
    public enum List: String, Sendable, CaseIterable {
        case summaries, damaged
    }

    /// `match`'s reply, one frame of it (`MatchOperation.Reply`).
    public enum Match: String, Sendable, CaseIterable {
        case matches, more
    }

    /// `resolve`'s reply (`WireItemViewReply`).
    public enum Resolve: String, Sendable, CaseIterable {
        case view
    }

    /// `reveal`'s reply (`RevealOperation.Reply`).
    public enum Reveal: String, Sendable, CaseIterable {
        case revealed
    }

    /// `oneTimeCode`'s reply (`OneTimeCodeOperation.Reply`).
    public enum OneTimeCode: String, Sendable, CaseIterable {
        case oneTimeCode
    }

    /// `lookupSiteCredential`'s reply (`LookupSiteCredentialOperation.Reply`).
    public enum LookupSiteCredential: String, Sendable, CaseIterable {
        case siteCredential
    }

    /// A credential (`WireCredential`).
    public enum Credential: String, Sendable, CaseIterable {
        case id, username, password, expires
    }

    /// A row of `list` (`WireItemSummary`).
    public enum ItemSummary: String, Sendable, CaseIterable {
        case id, title, username, urls, tags, created, modified
    }

    /// A row of `match` (`WireCredentialMatch`).
    public enum CredentialMatch: String, Sendable, CaseIterable {
        case id, title, username, url, match, samePort, lastUsed, hasOneTimeCode
    }

    /// An item without its secrets (`WireItemView`).
    public enum ItemView: String, Sendable, CaseIterable {
        case id, title, username, hasPassword, urls, notes, fields, tags, matchMode = "match", created, modified, expires
        case passwordHistoryCount, passkeys, hasOneTimeCode
    }

    /// One of an item's URLs (`ItemURL`), in a view and in a revealed item.
    public enum ItemURL: String, Sendable, CaseIterable {
        case url, match
    }

    /// A custom field, in a view (its value only when not protected) and in a revealed item.
    public enum Field: String, Sendable, CaseIterable {
        case name, value, protected
    }

    /// A passkey in a view, without its key (`WirePasskeySummary`).
    public enum PasskeySummary: String, Sendable, CaseIterable {
        case credentialID, relyingParty, userHandle, userName, userDisplayName, backupEligible, backedUp, signCount
        case created, lastUsed
    }

    /// An item in full, secrets included (`WireItem`).
    public enum Item: String, Sendable, CaseIterable {
        case id, title, username, password, urls, notes, fields, tags, matchMode, created, modified, expires
        case passwordHistory, oneTimeCode, attachments, attributes, keePassExtras, passkeys, unknownFields
    }

    /// An earlier password of a revealed item (`WireItem.HistoryEntry`).
    public enum HistoryEntry: String, Sendable, CaseIterable {
        case password, replaced
    }

    /// A passkey of a revealed item, its key included (`Passkey`).
    public enum Passkey: String, Sendable, CaseIterable {
        case credentialID, relyingParty, userHandle, userName, userDisplayName, privateKey, backupEligible, backedUp
        case signCount, created, lastUsed, unknownFields
    }

    /// A one-time code and the seconds it stays valid (`WireOneTimeCode`).
    public enum OneTimeCodeValue: String, Sendable, CaseIterable {
        case code, remaining
    }

    /// What a site-credential lookup hands back (`WireSiteCredentialMatch`).
    public enum SiteCredentialMatch: String, Sendable, CaseIterable {
        case credential, oauthRefreshToken, authScheme, authCredential
    }
}
