import Foundation
import SesameAgentLink
import SesameAutoFill
import SesameAutoType
@testable import SesameAgent
import SesameAutoTypeRules
import SesameBrowserAccess
import SesameSecretAttributes
import SesameStore
import Testing

/// Every message of docs/agent-protocol.md §4, byte for byte as it goes over the socket, so the document cannot
/// drift from the code.
@Suite struct AgentProtocolTests {
    /// The frame's payload exactly as the agent or a client sends it.
    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try WireCoding.encode(value), as: UTF8.self)
    }

    static let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// A request of an operation with a type of its own.
    static func request<Body>(_ name: String, id: UInt64, vault: String? = "/v.sqlite", _ body: Body) -> WireEnvelope<Body> {
        WireEnvelope(type: name, id: id, vault: vault, body: body)
    }

    static func result(id: UInt64, _ fill: (inout WireReply) -> Void = { _ in }) -> WireReply {
        var reply = WireReply(.result, id: id)
        fill(&reply)
        return reply
    }

    @Test func theAgentItselfHasTheDocumentedMessages() throws {
        #expect(try Self.json(Self.request("hello", id: 0, vault: nil, HelloOperation.Request(versions: [2], client: "sesame 0.2.0"))) == #"{"client":"sesame 0.2.0","id":0,"type":"hello","versions":[2]}"#)
        #expect(try Self.json(WireReply.hello(version: 2, agent: "sesame 0.2.0", pid: 4242))
                == #"{"agent":"sesame 0.2.0","id":0,"pid":4242,"type":"hello","version":2}"#)
        #expect(try Self.json(Self.request("attach", id: 1, vault: "/home/a/.local/share/sesame/vault.sqlite", NoFields()))
                == #"{"id":1,"type":"attach","vault":"/home/a/.local/share/sesame/vault.sqlite"}"#)
        #expect(try Self.json(Self.request("unlock", id: 2, UnlockOperation.Request(idleTimeout: 900)))
                == #"{"id":2,"idleTimeout":900,"type":"unlock","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("lock", id: 3, vault: nil, NoFields())) == #"{"id":3,"type":"lock"}"#)
        #expect(try Self.json(Self.request("status", id: 4, vault: nil, NoFields())) == #"{"id":4,"type":"status"}"#)
        #expect(try Self.json(Self.request("stop", id: 5, vault: nil, NoFields())) == #"{"id":5,"type":"stop"}"#)
        let status = AgentStatus(pid: 4242, vault: "/v.sqlite", isUnlocked: true, idleTimeout: 900, timeLeft: 897.5)
        #expect(try Self.json(WireResult(id: 2, body: WireStatusReply(status), kind: .status))
                == #"{"id":2,"status":{"idleTimeout":900,"pid":4242,"timeLeft":897.5,"unlocked":true,"vault":"/v.sqlite"},"type":"status"}"#)
        #expect(try Self.json(WireReply.error(ServiceFailure(.locked, "The vault is locked."), id: 6, closing: false))
                == #"{"closing":false,"failure":{"code":"locked","message":"The vault is locked."},"id":6,"type":"error"}"#)
    }

    @Test func itemOperationsHaveTheDocumentedMessages() throws {
        #expect(try Self.json(Self.request("list", id: 11, ListOperation.Request(state: "active"))) == #"{"id":11,"state":"active","type":"list","vault":"/v.sqlite"}"#)
        let summary = ItemSummary(Item(id: Self.id, title: "GitHub", username: "alice", password: "s3cret",
                                       urls: [ItemURL("https://github.com")], created: Self.date))
        #expect(try Self.json(WireResult(id: 11, body: ListOperation.Reply(summaries: [WireItemSummary(summary)], damaged: [])))
                == #"{"damaged":[],"id":11,"summaries":[{"created":800000000,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","modified":800000000,"tags":[],"title":"GitHub","urls":["https://github.com"],"username":"alice"}],"type":"result"}"#)
        #expect(try Self.json(Self.request("resolve", id: 12, ResolveOperation.Request(reference: "git", states: ["active"])))
                == #"{"id":12,"reference":"git","states":["active"],"type":"resolve","vault":"/v.sqlite"}"#)
        var item = Item(id: Self.id, title: "GitHub", username: "alice", password: "s3cret", urls: [ItemURL("https://github.com")],
                        fields: [CustomField(name: "pin", value: "1234", isProtected: true)], created: Self.date)
        item.passwordHistory = [PasswordHistoryEntry(password: "old", replaced: Self.date)]
        #expect(try Self.json(WireResult(id: 12, body: WireItemViewReply(view: WireItemView(ItemView(item)))))
                == #"{"id":12,"type":"result","view":{"created":800000000,"fields":[{"name":"pin","protected":true}],"hasPassword":true,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","match":"domain","modified":800000000,"notes":"","passwordHistoryCount":1,"tags":[],"title":"GitHub","urls":[{"url":"https://github.com"}],"username":"alice"}}"#)
        #expect(try Self.json(Self.request("reveal", id: 13, WireItemID(itemID: Self.id)))
                == #"{"id":13,"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","type":"reveal","vault":"/v.sqlite"}"#)
        let plain = Item(id: Self.id, title: "GitHub", username: "alice", password: "s3cret", created: Self.date)
        #expect(try Self.json(WireResult(id: 13, body: RevealOperation.Reply(revealed: WireItem(plain))))
                == #"{"id":13,"revealed":{"attachments":[],"attributes":{},"created":800000000,"fields":[],"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","matchMode":"domain","modified":800000000,"notes":"","password":"s3cret","passwordHistory":[],"tags":[],"title":"GitHub","unknownFields":[],"urls":[],"username":"alice"},"type":"result"}"#)
        #expect(try Self.json(Self.request("add", id: 14, AddOperation.Request(item: WireItem(plain))))
                == #"{"id":14,"item":{"attachments":[],"attributes":{},"created":800000000,"fields":[],"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","matchMode":"domain","modified":800000000,"notes":"","password":"s3cret","passwordHistory":[],"tags":[],"title":"GitHub","unknownFields":[],"urls":[],"username":"alice"},"type":"add","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("importItems", id: 15, ImportItemsOperation.Request(items: [], keePassDatabases: [], dryRun: false))) == #"{"id":15,"items":[],"type":"importItems","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("importItems", id: 15, ImportItemsOperation.Request(items: [WireItem(plain)], keePassDatabases: [], dryRun: true)))
                == #"{"dryRun":true,"id":15,"items":[{"attachments":[],"attributes":{},"created":800000000,"fields":[],"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","matchMode":"domain","modified":800000000,"notes":"","password":"s3cret","passwordHistory":[],"tags":[],"title":"GitHub","unknownFields":[],"urls":[],"username":"alice"}],"type":"importItems","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 15, body: ImportItemsOperation.Reply(importSummary: WireImportSummary(ImportSummary(entries: [.init(.created, Self.id)])))))
                == #"{"id":15,"importSummary":{"entries":[{"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","outcome":"created"}]},"type":"result"}"#)
        var change = ItemChange()
        change.username = "bob"
        change.password = "n3w"
        #expect(try Self.json(Self.request("update", id: 16, UpdateOperation.Request(itemID: Self.id, change: WireItemChange(change))))
                == #"{"change":{"addURLs":[],"password":"n3w","removeFields":[],"removeURLs":[],"setFields":[],"username":"bob"},"id":16,"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","type":"update","vault":"/v.sqlite"}"#)
        for (operation, id) in [("delete", UInt64(17)), ("moveToTrash", 18), ("restore", 19)] {
            #expect(try Self.json(Self.request(operation, id: id, WireItemID(itemID: Self.id)))
                    == #"{"id":\#(id),"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","type":"\#(operation)","vault":"/v.sqlite"}"#)
        }
        #expect(try Self.json(Self.result(id: 17)) == #"{"id":17,"type":"result"}"#)
    }

    @Test func fillAndSiteOperationsHaveTheDocumentedMessages() throws {
        let form = [WireServiceIdentifier(ServiceIdentifier("https://github.com/login", kind: .url))]
        #expect(try Self.json(Self.request("match", id: 20, MatchOperation.Request(identifiers: form)))
                == #"{"id":20,"identifiers":[{"identifier":"https://github.com/login","kind":"url"}],"type":"match","vault":"/v.sqlite"}"#)
        let match = CredentialMatch(id: Self.id, title: "GitHub", username: "alice", url: "https://github.com", match: .domain)
        #expect(try Self.json(WireResult(id: 20, body: MatchOperation.Reply(matches: [WireCredentialMatch(match)])))
                == #"{"id":20,"matches":[{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","match":"domain","samePort":true,"title":"GitHub","url":"https://github.com","username":"alice"}],"type":"result"}"#)
        #expect(try Self.json(Self.request("match", id: 26, MatchOperation.Request(identifiers: [], rowsPerFrame: 1000)))
                == #"{"id":26,"identifiers":[],"rowsPerFrame":1000,"type":"match","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 26, body: MatchOperation.Reply(matches: [WireCredentialMatch(match)], more: true)))
                == #"{"id":26,"matches":[{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","match":"domain","samePort":true,"title":"GitHub","url":"https://github.com","username":"alice"}],"more":true,"type":"result"}"#)
        // A login with a one-time code says so (never the code); a row without one is the bytes it always was.
        var withCode = match
        withCode.hasOneTimeCode = true
        let coded = #"{"id":27,"matches":[{"hasOneTimeCode":true,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","match":"domain","samePort":true,"title":"GitHub","url":"https://github.com","username":"alice"}],"type":"result"}"#
        #expect(try Self.json(WireResult(id: 27, body: MatchOperation.Reply(matches: [WireCredentialMatch(withCode)]))) == coded)
        #expect(try WireCoding.decode(WireResult<MatchOperation.Reply>.self, from: Array(coded.utf8)).body.matches.map { try $0.credentialMatch() } == [withCode])
        #expect(try Self.json(Self.request("fill", id: 21, FillOperation.Request(identifiers: form, username: "alice")))
                == #"{"id":21,"identifiers":[{"identifier":"https://github.com/login","kind":"url"}],"type":"fill","username":"alice","vault":"/v.sqlite"}"#)
        let credential = Credential(id: Self.id, username: "alice", password: "s3cret")
        #expect(try Self.json(WireResult(id: 21, body: FillOperation.Reply(credential: WireCredential(credential))))
                == #"{"credential":{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","password":"s3cret","username":"alice"},"id":21,"type":"result"}"#)
        #expect(try Self.json(Self.request("credential", id: 22, WireItemID(itemID: Self.id)))
                == #"{"id":22,"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","type":"credential","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("oneTimeCode", id: 28, WireItemID(itemID: Self.id)))
                == #"{"id":28,"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","type":"oneTimeCode","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 28, body: OneTimeCodeOperation.Reply(oneTimeCode: WireOneTimeCode(OneTimeCode(code: "492039", remaining: 17)))))
                == #"{"id":28,"oneTimeCode":{"code":"492039","remaining":17},"type":"result"}"#)
        let query = SiteCredentialQuery(scheme: "https", host: "git.example.com", path: "org/repo.git")
        #expect(try Self.json(Self.request("lookupSiteCredential", id: 23, LookupSiteCredentialOperation.Request(query: WireSiteCredentialQuery(query))))
                == #"{"id":23,"query":{"host":"git.example.com","path":"org/repo.git","scheme":"https"},"type":"lookupSiteCredential","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 23, body: LookupSiteCredentialOperation.Reply(siteCredential: WireSiteCredentialMatch(SiteCredentialMatch(credential: credential)))))
                == #"{"id":23,"siteCredential":{"credential":{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","password":"s3cret","username":"alice"}},"type":"result"}"#)
        let site = SiteCredential(scheme: "https", host: "git.example.com", username: "alice", password: "s3cret")
        #expect(try Self.json(Self.request("saveSiteCredential", id: 24, SaveSiteCredentialOperation.Request(siteCredential: .init(site))))
                == #"{"id":24,"siteCredential":{"host":"git.example.com","password":"s3cret","scheme":"https","username":"alice"},"type":"saveSiteCredential","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("rejectSiteCredentials", id: 25, RejectSiteCredentialsOperation.Request(query: WireSiteCredentialQuery(SiteCredentialQuery(scheme: "https", host: "git.example.com", password: "old")))))
                == #"{"id":25,"query":{"host":"git.example.com","password":"old","scheme":"https"},"type":"rejectSiteCredentials","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 25, body: RejectSiteCredentialsOperation.Reply(itemIDs: [Self.id]))) == #"{"id":25,"itemIDs":["6F9619FF-8B86-D011-B42D-00C04FC964FF"],"type":"result"}"#)
    }

    @Test func settingsAndPasswordOperationsHaveTheDocumentedMessages() throws {
        #expect(try Self.json(Self.request("equivalents", id: 30, NoFields())) == #"{"id":30,"type":"equivalents","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("addEquivalents", id: 31, AddEquivalentsOperation.Request(domains: ["a.com", "b.com"])))
                == #"{"domains":["a.com","b.com"],"id":31,"type":"addEquivalents","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 31, body: WireEquivalentsChangeReply(EquivalentsChange())))
                == #"{"equivalentsChange":{"added":[],"removed":[],"skipped":[],"unchanged":0},"id":31,"type":"result"}"#)
        #expect(try Self.json(Self.request("removeEquivalents", id: 32, RemoveEquivalentsOperation.Request())) == #"{"id":32,"type":"removeEquivalents","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("importEquivalents", id: 33, ImportEquivalentsOperation.Request(groups: []))) == #"{"groups":[],"id":33,"type":"importEquivalents","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("changeMasterPassword", id: 34, ChangeMasterPasswordOperation.Request(kdfMemoryMiB: 128)))
                == #"{"id":34,"kdfMemoryMiB":128,"type":"changeMasterPassword","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("export", id: 35, NoFields())) == #"{"id":35,"type":"export","vault":"/v.sqlite"}"#)
        let plain = Item(id: Self.id, title: "GitHub", username: "alice", password: "s3cret", created: Self.date)
        #expect(try Self.json(WireResult(id: 35, body: ExportOperation.Reply(VaultExport(items: [plain]))))
                == #"{"exported":[{"attachments":[],"attributes":{},"created":800000000,"fields":[],"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","matchMode":"domain","modified":800000000,"notes":"","password":"s3cret","passwordHistory":[],"tags":[],"title":"GitHub","unknownFields":[],"urls":[],"username":"alice"}],"id":35,"type":"result"}"#)
        #expect(try Self.json(WireResult(id: 35, body: ExportOperation.Reply(VaultExport(items: [], deletions: [ItemDeletion(id: Self.id, deleted: Self.date)]))))
                == #"{"deletions":[{"deleted":800000000,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}],"exported":[],"id":35,"type":"result"}"#)
    }

    @Test func autoTypeOperationsHaveTheDocumentedMessages() throws {
        let rule = AutoTypeRule(id: Self.id, titlePattern: "Sign in*", itemID: Self.id, created: Self.date)
        #expect(try Self.json(Self.request("autoTypeRules", id: 40, NoFields())) == #"{"id":40,"type":"autoTypeRules","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 40, body: AutoTypeRulesOperation.Reply(autoTypeRules: [WireAutoTypeRule(rule)])))
                == #"{"autoTypeRules":[{"created":800000000,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","titlePattern":"Sign in*"}],"id":40,"type":"result"}"#)
        #expect(try Self.json(Self.request("addAutoTypeRule", id: 41, AddAutoTypeRuleOperation.Request(rule: WireAutoTypeRule(rule))))
                == #"{"id":41,"rule":{"created":800000000,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","titlePattern":"Sign in*"},"type":"addAutoTypeRule","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("removeAutoTypeRule", id: 42, RemoveAutoTypeRuleOperation.Request(reference: "6f96")))
                == #"{"id":42,"reference":"6f96","type":"removeAutoTypeRule","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 42, body: WireAutoTypeRuleReply(autoTypeRule: WireAutoTypeRule(AutoTypeRule(id: Self.id, windowClass: "xterm", itemID: Self.id, sequence: "{PASSWORD}~", created: Self.date)))))
                == #"{"autoTypeRule":{"created":800000000,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","sequence":"{PASSWORD}~","windowClass":"xterm"},"id":42,"type":"result"}"#)
        let window = AutoTypeWindow(id: 4194320, title: "Sign in - example.com", windowClass: "Firefox-esr", instance: "Navigator")
        #expect(try Self.json(Self.request("autoTypeCandidates", id: 43, AutoTypeCandidatesOperation.Request(window: WireAutoTypeWindow(window))))
                == #"{"id":43,"type":"autoTypeCandidates","vault":"/v.sqlite","window":{"class":"Firefox-esr","id":4194320,"instance":"Navigator","title":"Sign in - example.com"}}"#)
        #expect(try Self.json(WireResult(id: 43, body: AutoTypeCandidatesOperation.Reply(autoTypeCandidates: [WireAutoTypeCandidate(AutoTypeCandidate(itemID: Self.id, title: "Example", username: "alice", site: "example.com"))])))
                == #"{"autoTypeCandidates":[{"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","site":"example.com","title":"Example","username":"alice"}],"id":43,"type":"result"}"#)
    }

    @Test func secretServiceOperationsHaveTheDocumentedMessages() throws {
        let item = Item(id: Self.id, title: "Demo", password: "s3cret", created: Self.date, attributes: ["service": "demo"])
        #expect(try Self.json(Self.request("searchAttributes", id: 40, SearchAttributesOperation.Request(attributes: ["service": "demo"])))
                == #"{"attributes":{"service":"demo"},"id":40,"type":"searchAttributes","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 40, body: SearchAttributesOperation.Reply(attributedItems: [WireAttributedItem(AttributedItem(item))])))
                == #"{"attributedItems":[{"attributes":{"service":"demo"},"created":800000000,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","label":"Demo","modified":800000000}],"id":40,"type":"result"}"#)
        #expect(try Self.json(Self.request("attributedItem", id: 41, WireItemID(itemID: Self.id)))
                == #"{"id":41,"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","type":"attributedItem","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("storeAttributed", id: 42, StoreAttributedOperation.Request(item: WireItem(item), replace: true)))
                == #"{"id":42,"item":{"attachments":[],"attributes":{"service":"demo"},"created":800000000,"fields":[],"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","matchMode":"domain","modified":800000000,"notes":"","password":"s3cret","passwordHistory":[],"tags":[],"title":"Demo","unknownFields":[],"urls":[],"username":""},"replace":true,"type":"storeAttributed","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 42, body: WireAttributedItemReply(attributedItem: WireAttributedItem(AttributedItem(item)))))
                == #"{"attributedItem":{"attributes":{"service":"demo"},"created":800000000,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","label":"Demo","modified":800000000},"id":42,"type":"result"}"#)
    }

    @Test func framesAreBigEndianLengthsThenPayload() throws {
        let folder = TemporaryFolder()
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let raw = try RawClient(server.configuration.location.socketPath)
        let hello = Array(#"{"type":"hello","id":0,"versions":[2]}"#.utf8)
        try raw.send([0, 0, 0, UInt8(hello.count)] + hello)
        let reply = try raw.receive()
        #expect(reply.type == .hello && reply.version == 2 && reply.agent == "sesame-test")
    }

    /// A client may send frames ahead (the helpers send the hello and the attach in one write): the agent reads
    /// them in order and answers each in order.
    @Test func framesSentAheadAreAnsweredInOrder() throws {
        let folder = TemporaryFolder()
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let raw = try RawClient(server.configuration.location.socketPath)
        var bytes: [UInt8] = []
        for json in [#"{"client":"raw","id":0,"type":"hello","versions":[2]}"#,
                     #"{"id":1,"type":"attach","vault":"/v.sqlite"}"#, #"{"id":2,"type":"status"}"#] {
            bytes += Frame.header(length: json.utf8.count) + Array(json.utf8)
        }
        try raw.send(bytes)
        #expect(try raw.receive().type == .hello)
        let attached = try raw.receive()
        #expect(attached.type == .status && attached.id == 1 && attached.status?.unlocked == false)
        let status = try raw.receive()
        #expect(status.type == .status && status.id == 2)
    }

    @Test func attachingSendsTheHelloAndTheAttachInOneWrite() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [Fixture.login(1)])
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let location = server.configuration.location
        #expect(try AgentClient.attachUnlocked(vault: path, at: location, clientName: "test") == nil, "locked: no client")
        _ = try AgentClient.connect(to: location).unlock(vault: path, password: Fixture.secret())
        let client = try #require(try AgentClient.attachUnlocked(vault: path, at: location, clientName: "test"))
        #expect(client.vault == path)
        #expect(try client.match([]).map(\.title) == ["Login 1"], "the request after the pipelined attach is answered")
        #expect(try AgentClient.attachUnlocked(vault: folder.file("other.sqlite"), at: location, clientName: "test") == nil)
    }

    /// `sesame match` without identifiers asks for its list in pieces; the rows and their order are the same as in
    /// one reply.
    @Test func theListOfEveryLoginComesInPiecesOfTheAskedSize() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: (1...5).map(Fixture.login))
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        _ = try client.unlock(vault: path, password: Fixture.secret())
        client.vault = path
        var frames: [String] = []
        client.frameObserver = { sent, bytes in if !sent { frames.append(String(decoding: bytes, as: UTF8.self)) } }
        var pieces: [[CredentialMatch]] = []
        try client.matchAll(inPiecesOf: 2) { pieces.append($0) }
        #expect(pieces.map(\.count) == [2, 2, 1])
        #expect(frames.map { $0.contains(#""more":true"#) } == [true, true, false])
        client.frameObserver = nil
        #expect(pieces.flatMap { $0 } == (try client.match([])))
        #expect(try client.match([]).count == 5, "the connection goes on after a reply in pieces")
    }

    @Test func aClientOfAnotherVersionIsRefusedWithTheDocumentedFrame() throws {
        let folder = TemporaryFolder()
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let raw = try RawClient(server.configuration.location.socketPath)
        try raw.sendFrame(#"{"client":"sesame 0.1.0","id":0,"type":"hello","versions":[1]}"#)
        let frame = try Frame.read(from: raw.socket, limit: 1 << 20, idle: .after(10), frameTimeout: 10)
        #expect(String(decoding: frame, as: UTF8.self)
                == #"{"closing":true,"failure":{"code":"protocolError","message":"The running agent speaks protocol version 2, this client 1; stop it with 'sesame agent --stop' and try again."},"id":0,"type":"error"}"#)
    }

    @Test func browserOperationsHaveTheDocumentedMessages() throws {
        let key = BrowserKey(id: "firefox-laptop", key: "qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0=")
        #expect(try Self.json(Self.request("browserAssociate", id: 41, BrowserAssociateOperation.Request(browserKey: WireBrowserKey(id: "", key: key.key), origin: "keepassxc-browser@keepassxc.org")))
                == #"{"browserKey":{"id":"","key":"qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0="},"id":41,"origin":"keepassxc-browser@keepassxc.org","type":"browserAssociate","vault":"/v.sqlite"}"#)
        let association = BrowserAssociation(name: "firefox-laptop", key: key.key, created: Self.date)
        #expect(try Self.json(WireResult(id: 41, body: BrowserAssociateOperation.Reply(association: .init(association))))
                == #"{"association":{"created":800000000,"key":"qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0=","name":"firefox-laptop"},"id":41,"type":"result"}"#)
        #expect(try Self.json(Self.request("browserPending", id: 42, NoFields())) == #"{"id":42,"type":"browserPending","vault":"/v.sqlite"}"#)
        let pending = BrowserPairingRequest(code: "RZMR3J", fingerprint: "16:d8:dc:7e:69:db:94:e0", origin: "keepassxc-browser@keepassxc.org", requested: Self.date)
        #expect(try Self.json(WireResult(id: 42, body: BrowserPendingOperation.Reply(pending: [WireBrowserPairingRequest(pending)])))
                == #"{"id":42,"pending":[{"code":"RZMR3J","fingerprint":"16:d8:dc:7e:69:db:94:e0","origin":"keepassxc-browser@keepassxc.org","requested":800000000}],"type":"result"}"#)
        #expect(try Self.json(Self.request("browserAnswer", id: 43, BrowserAnswerOperation.Request(code: "RZMR3J", allow: true, name: "firefox-laptop")))
                == #"{"allow":true,"code":"RZMR3J","id":43,"name":"firefox-laptop","type":"browserAnswer","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("browserAssociations", id: 44, NoFields())) == #"{"id":44,"type":"browserAssociations","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 44, body: BrowserAssociationsOperation.Reply(associations: [.init(association)])))
                == #"{"associations":[{"created":800000000,"key":"qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0=","name":"firefox-laptop"}],"id":44,"type":"result"}"#)
        #expect(try Self.json(Self.request("browserLogins", id: 47, BrowserLoginsOperation.Request(browserQuery: .init(BrowserLoginQuery(url: "https://github.com/login", submitURL: "https://github.com/session", keys: [key])))))
                == #"{"browserQuery":{"keys":[{"id":"firefox-laptop","key":"qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0="}],"submitURL":"https://github.com/session","url":"https://github.com/login"},"id":47,"type":"browserLogins","vault":"/v.sqlite"}"#)
        let login = BrowserLogin(id: Self.id, title: "GitHub", username: "alice", password: "s3cret", expired: false, oneTimeCode: "492039")
        #expect(try Self.json(WireResult(id: 47, body: BrowserLoginsOperation.Reply(browserLogins: WireBrowserLogins(BrowserLogins(association: "firefox-laptop", logins: [login])))))
                == #"{"browserLogins":{"association":"firefox-laptop","logins":[{"expired":false,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","oneTimeCode":"492039","password":"s3cret","title":"GitHub","username":"alice"}]},"id":47,"type":"result"}"#)
        #expect(try Self.json(Self.request("browserSaveLogin", id: 48, BrowserSaveLoginOperation.Request(browserLogin: .init(BrowserLoginSave(url: "https://github.com/login", submitURL: nil, username: "alice", password: "n3w", itemID: Self.id, key: key)))))
                == #"{"browserLogin":{"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","key":{"id":"firefox-laptop","key":"qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0="},"password":"n3w","url":"https://github.com/login","username":"alice"},"id":48,"type":"browserSaveLogin","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("browserOneTimeCode", id: 49, BrowserOneTimeCodeOperation.Request(browserCode: .init(BrowserOneTimeCodeQuery(url: "https://github.com/login", submitURL: nil, itemID: Self.id, key: key)))))
                == #"{"browserCode":{"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","key":{"id":"firefox-laptop","key":"qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0="},"url":"https://github.com/login"},"id":49,"type":"browserOneTimeCode","vault":"/v.sqlite"}"#)
        #expect(try Self.json(WireResult(id: 49, body: BrowserOneTimeCodeOperation.Reply(oneTimeCode: WireOneTimeCode(OneTimeCode(code: "492039", remaining: 17)))))
                == #"{"id":49,"oneTimeCode":{"code":"492039","remaining":17},"type":"result"}"#)
        #expect(try Self.json(WireResult(id: 49, body: BrowserOneTimeCodeOperation.Reply())) == #"{"id":49,"type":"result"}"#)
        // Only the page's logins leave the agent, and only to an associated key; a one-time code only to one too.
        #expect(BrowserLoginsOperation.policy.secretsOut == .site)
        #expect(ReplySecrets.present(in: BrowserLoginsOperation.Reply(browserLogins: WireBrowserLogins(BrowserLogins(association: "x", logins: [])))))
        #expect(BrowserOneTimeCodeOperation.policy.secretsOut == .oneTimeCode)
        #expect(ReplySecrets.present(in: BrowserOneTimeCodeOperation.Reply(oneTimeCode: WireOneTimeCode(OneTimeCode(code: "1", remaining: 1)))))
    }

    @Test func syncOperationsHaveTheDocumentedMessages() throws {
        #expect(try Self.json(Self.request("sync", id: 50, NoFields())) == #"{"id":50,"type":"sync","vault":"/v.sqlite"}"#)
        #expect(try Self.json(Self.request("syncStatus", id: 51, NoFields())) == #"{"id":51,"type":"syncStatus","vault":"/v.sqlite"}"#)
        // The replies decode and encode back byte for byte: what the document shows is what goes over the socket.
        let replies = [
            #"{"id":50,"syncRun":{"appliedBatches":1,"changedItems":2,"conflicts":0,"held":[],"newDevice":false,"newPasswordNeeded":false,"newerKey":[],"published":["ops/9f1c03e5a2b44f6e8d7c6b5a49382716/000000000007.sop"],"rejected":[],"waiting":[]},"type":"result"}"#,
            #"{"id":51,"syncStatus":{"autoSync":{"interval":300,"lastError":"Sync transport failed: git fetch: fatal: unable to access 'https://…@example.org/vault.git/'","lastRun":800000000,"lastSuccess":799999700,"lastTrigger":"timer"},"conflicts":0,"device":"9f1c03e5a2b44f6e8d7c6b5a49382716","devices":[{"device":"9f1c03e5a2b44f6e8d7c6b5a49382716","merged":7,"published":7,"thisDevice":true,"withheld":0}],"equivocations":[],"newPasswordNeeded":false,"pendingChanges":0,"transport":"git https://example.org/vault.git"},"type":"result"}"#,
        ]
        let run = try WireCoding.decode(WireResult<SyncOperation.Reply>.self, from: Array(replies[0].utf8))
        #expect(try Self.json(run) == replies[0])
        #expect(try Self.json(WireResult(id: 50, body: SyncOperation.Reply(syncRun: WireSyncRunSummary(run.body.syncRun.summary)))) == replies[0])
        #expect(!ReplySecrets.present(in: run.body))
        let status = try WireCoding.decode(WireResult<SyncStatusOperation.Reply>.self, from: Array(replies[1].utf8))
        #expect(try Self.json(status) == replies[1])
        #expect(try Self.json(WireResult(id: 51, body: SyncStatusOperation.Reply(syncStatus: WireSyncStatusReport(status.body.syncStatus.report)))) == replies[1])
        #expect(!ReplySecrets.present(in: status.body))
        // An agent from before equivocations were reported sends none: an empty list.
        let older = #"{"id":51,"syncStatus":{"conflicts":0,"device":"9f","devices":[],"newPasswordNeeded":false,"pendingChanges":0,"transport":"folder /s"},"type":"result"}"#
        #expect(try WireCoding.decode(WireResult<SyncStatusOperation.Reply>.self, from: Array(older.utf8)).body.syncStatus.report.equivocations == [])
        #expect(SyncOperation.policy == OperationPolicy(secretsOut: .none, secretFrames: 0, needsMasterPassword: false))
        #expect(SyncStatusOperation.policy.secretsOut == .none)
    }
}
