/// What a shell offers to complete an argument or an option's value (`sesame completion bash|zsh|fish`).
public enum Completion: Sendable, Equatable {
    /// Free text: nothing to offer.
    case none
    /// A path of the file system.
    case file
    /// An item's title, asked of the agent while it holds the vault unlocked (`sesame __complete items`).
    case item
    /// One of these words.
    case values([String])

    /// The usual meaning of a placeholder name: `item` and `ref` name items, `file`, `path` and `folder` paths.
    public static func inferred(for name: String) -> Completion {
        switch name.lowercased() {
        case "item", "items", "ref": .item
        case "file", "path", "folder", "wordlist": .file
        default: .none
        }
    }
}

/// A command and the commands under it, as `sesame` dispatches them: what completions and manual pages are
/// generated from, so they cannot disagree with `--help`.
public struct CommandTree: Sendable {
    public var spec: CommandSpec
    public var children: [CommandTree]

    public init(spec: CommandSpec, children: [CommandTree] = []) {
        self.spec = spec
        self.children = children
    }

    /// Every command that people use (hidden ones left out), this one first, each with its path
    /// (`sesame sync setup`), parents before children.
    public func visibleNodes(path: String? = nil) -> [(path: String, tree: CommandTree)] {
        let here = path ?? spec.name
        return [(here, self)] + children.filter { !$0.spec.isHidden }.flatMap { $0.visibleNodes(path: here + " " + $0.spec.name) }
    }
}
