/// The Secret Service's interfaces (draft 0.2 of the freedesktop specification), as exported.
enum SecretInterfaces {
    static let service = BusInterface(
        name: "org.freedesktop.Secret.Service",
        methods: [
            .init(name: "OpenSession", signature: "sv", result: "vo"),
            .init(name: "CreateCollection", signature: "a{sv}s", result: "oo"),
            .init(name: "SearchItems", signature: "a{ss}", result: "aoao"),
            .init(name: "Unlock", signature: "ao", result: "aoo"),
            .init(name: "Lock", signature: "ao", result: "aoo"),
            .init(name: "GetSecrets", signature: "aoo", result: "a{o(oayays)}"),
            .init(name: "ReadAlias", signature: "s", result: "o"),
            .init(name: "SetAlias", signature: "so", result: ""),
        ],
        properties: [.init(name: "Collections", signature: "ao")],
        signals: [
            .init(name: "CollectionCreated", signature: "o"),
            .init(name: "CollectionDeleted", signature: "o"),
            .init(name: "CollectionChanged", signature: "o"),
        ])

    static let collection = BusInterface(
        name: "org.freedesktop.Secret.Collection",
        methods: [
            .init(name: "Delete", signature: "", result: "o"),
            .init(name: "SearchItems", signature: "a{ss}", result: "ao"),
            .init(name: "CreateItem", signature: "a{sv}(oayays)b", result: "oo"),
        ],
        // Items and Modified take every item of the vault to compute: a change announces their names only, so
        // storing one item does not list ten thousand (clients that care read them again).
        properties: [
            .init(name: "Items", signature: "ao", isInvalidatedOnly: true),
            .init(name: "Label", signature: "s", isWritable: true),
            .init(name: "Locked", signature: "b"),
            .init(name: "Created", signature: "t"),
            .init(name: "Modified", signature: "t", isInvalidatedOnly: true),
        ],
        signals: [
            .init(name: "ItemCreated", signature: "o"),
            .init(name: "ItemDeleted", signature: "o"),
            .init(name: "ItemChanged", signature: "o"),
        ])

    static let item = BusInterface(
        name: "org.freedesktop.Secret.Item",
        methods: [
            .init(name: "Delete", signature: "", result: "o"),
            .init(name: "GetSecret", signature: "o", result: "(oayays)"),
            .init(name: "SetSecret", signature: "(oayays)", result: ""),
        ],
        properties: [
            .init(name: "Locked", signature: "b"),
            .init(name: "Attributes", signature: "a{ss}", isWritable: true),
            .init(name: "Label", signature: "s", isWritable: true),
            .init(name: "Created", signature: "t"),
            .init(name: "Modified", signature: "t"),
        ])

    static let session = BusInterface(
        name: "org.freedesktop.Secret.Session",
        methods: [.init(name: "Close", signature: "", result: "")])

    static let prompt = BusInterface(
        name: "org.freedesktop.Secret.Prompt",
        methods: [
            .init(name: "Prompt", signature: "s", result: ""),
            .init(name: "Dismiss", signature: "", result: ""),
        ],
        signals: [.init(name: "Completed", signature: "bv")])
}
