/// What the typing shell does, in order: a sequence with the item's values put in. Text is typed character by
/// character in whatever keyboard layout is active; keystrokes press named keys or characters with modifiers.
public enum AutoTypeAction: Sendable, Hashable {
    case type(String)
    case press(AutoTypeKeystroke)
    case pause(milliseconds: Int)
    case keyDelay(milliseconds: Int)
}

// The typing shell is another process (it links X11): actions travel to it as JSON on a pipe, one object each,
// `{"text":…}`, `{"key":"tab","modifiers":["control"]}`, `{"character":"a","modifiers":[…]}`, `{"pause":ms}`,
// `{"keyDelay":ms}`.
extension AutoTypeAction: Codable {
    enum CodingKeys: String, CodingKey {
        case text, key, character, modifiers, pause, keyDelay
    }

    static let modifierNames: [(AutoTypeModifiers, String)] = [
        (.shift, "shift"), (.control, "control"), (.alt, "alt"), (.superKey, "super"),
    ]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .type(let text):
            try container.encode(text, forKey: .text)
        case .press(let keystroke):
            switch keystroke.key {
            case .named(let key): try container.encode(key, forKey: .key)
            case .character(let character): try container.encode(String(character), forKey: .character)
            }
            let names = Self.modifierNames.filter { keystroke.modifiers.contains($0.0) }.map(\.1)
            if !names.isEmpty { try container.encode(names, forKey: .modifiers) }
        case .pause(let milliseconds):
            try container.encode(milliseconds, forKey: .pause)
        case .keyDelay(let milliseconds):
            try container.encode(milliseconds, forKey: .keyDelay)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .type(text)
        } else if let pause = try container.decodeIfPresent(Int.self, forKey: .pause) {
            guard (0...AutoTypeSequence.maximumPauseMilliseconds).contains(pause) else {
                throw DecodingError.dataCorruptedError(forKey: .pause, in: container, debugDescription: "out of range")
            }
            self = .pause(milliseconds: pause)
        } else if let delay = try container.decodeIfPresent(Int.self, forKey: .keyDelay) {
            guard (0...AutoTypeSequence.maximumKeyDelayMilliseconds).contains(delay) else {
                throw DecodingError.dataCorruptedError(forKey: .keyDelay, in: container, debugDescription: "out of range")
            }
            self = .keyDelay(milliseconds: delay)
        } else {
            let names = try container.decodeIfPresent([String].self, forKey: .modifiers) ?? []
            var modifiers: AutoTypeModifiers = []
            for name in names {
                guard let modifier = Self.modifierNames.first(where: { $0.1 == name })?.0 else {
                    throw DecodingError.dataCorruptedError(forKey: .modifiers, in: container,
                                                           debugDescription: "unknown modifier")
                }
                modifiers.insert(modifier)
            }
            if let key = try container.decodeIfPresent(AutoTypeKey.self, forKey: .key) {
                self = .press(AutoTypeKeystroke(key, modifiers: modifiers))
            } else {
                let text = try container.decode(String.self, forKey: .character)
                guard text.count == 1, let character = text.first else {
                    throw DecodingError.dataCorruptedError(forKey: .character, in: container,
                                                           debugDescription: "not one character")
                }
                self = .press(AutoTypeKeystroke(.character(character), modifiers: modifiers))
            }
        }
    }
}
