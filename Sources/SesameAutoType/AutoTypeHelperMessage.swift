/// The conversation between `sesame autotype` and the typing helper (`sesame-autotype`, which links X11), one
/// JSON object per line on the helper's standard input and output, so no secret is ever in argv or the
/// environment:
///
///     helper → {"window":{"class":…,"id":…,"instance":…,"title":…}}   (or {"error":…} and exit 1)
///     sesame → {"actions":[…],"window":<id>}                          (or end of input: nothing is typed)
///     helper → {"typed":true}                                          (or {"error":…} and exit 1)
public struct AutoTypeHelperMessage: Codable, Sendable, Equatable {
    public var window: AutoTypeWindow?
    public var typed: Bool?
    public var error: String?

    public init(window: AutoTypeWindow? = nil, typed: Bool? = nil, error: String? = nil) {
        self.window = window
        self.typed = typed
        self.error = error
    }
}

/// What to type, and the one window it may go to.
public struct AutoTypeRequest: Codable, Sendable, Equatable {
    public var window: UInt64
    public var actions: [AutoTypeAction]
    /// How long to wait for `window` to have the focus again before the first key (after the person chose the
    /// login in a terminal); absent: it must have the focus at once.
    public var focusWaitMilliseconds: Int?

    public init(window: UInt64, actions: [AutoTypeAction], focusWaitMilliseconds: Int? = nil) {
        self.window = window
        self.actions = actions
        self.focusWaitMilliseconds = focusWaitMilliseconds
    }
}
