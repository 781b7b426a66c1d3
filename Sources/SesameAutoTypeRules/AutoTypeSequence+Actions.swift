import Foundation
import SesameAutoFill
import SesameAutoType
import SesameStore

extension AutoTypeSequence {
    /// The custom field that holds an item's own sequence, as KeePass users write it (`AutoType`, any case).
    public static let itemSequenceFieldName = "AutoType"

    /// The item's own sequence when it has one, else the default for its fields.
    public static func forItem(_ item: Item) throws(AutoTypeSequenceError) -> AutoTypeSequence {
        let own = item.fields.first {
            $0.name.caseInsensitiveCompare(itemSequenceFieldName) == .orderedSame
                && !$0.value.allSatisfy(\.isWhitespace)
        }
        guard let own else { return standard(username: item.username, password: item.password) }
        return try AutoTypeSequence(own.value)
    }

    /// The sequence with `item`'s values put in; `{TOTP}` is the item's one-time code at `now`.
    public func actions(
        for item: Item, now: Date = Date(), timeZone: TimeZone = .current
    ) throws(ServiceFailure) -> [AutoTypeAction] {
        var actions: [AutoTypeAction] = []
        for token in tokens {
            switch token {
            case .text(let text):
                actions.append(.type(text))
            case .keystroke(let keystroke):
                actions.append(.press(keystroke))
            case .pause(let milliseconds):
                actions.append(.pause(milliseconds: milliseconds))
            case .keyDelay(let milliseconds):
                actions.append(.keyDelay(milliseconds: milliseconds))
            case .clearField:
                // KeePassXC's way: select from the start to the end of the field (multi-line too), then delete.
                actions.append(.press(AutoTypeKeystroke(.home, modifiers: .control)))
                actions.append(.press(AutoTypeKeystroke(.end, modifiers: [.control, .shift])))
                actions.append(.press(AutoTypeKeystroke(.backspace)))
            case .field(let field):
                let value = try Self.value(of: field, in: item, now: now, timeZone: timeZone)
                if !value.isEmpty { actions.append(.type(value)) }
            }
        }
        return actions
    }

    static func value(
        of field: AutoTypeField, in item: Item, now: Date, timeZone: TimeZone
    ) throws(ServiceFailure) -> String {
        switch field {
        case .username: return item.username
        case .password: return item.password
        case .title: return item.title
        case .url: return item.urls.first?.url ?? ""
        case .notes: return item.notes
        case .custom(let name):
            guard let field = item.fields.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ServiceFailure(.notFound, "The item '\(item.title)' has no field '\(name)' for {S:\(name)}.")
            }
            return field.value
        case .oneTimeCode:
            guard let code = try item.currentOneTimeCode(at: now) else {
                throw ServiceFailure(.notFound, "The item '\(item.title)' has no one-time code for {TOTP}.")
            }
            return code.code
        case .dateTime(let part, let utc):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = utc ? TimeZone(identifier: "UTC")! : timeZone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
            func padded(_ value: Int?, _ width: Int) -> String {
                let text = String(value ?? 0)
                return String(repeating: "0", count: max(0, width - text.count)) + text
            }
            switch part {
            case .year: return padded(parts.year, 4)
            case .month: return padded(parts.month, 2)
            case .day: return padded(parts.day, 2)
            case .hour: return padded(parts.hour, 2)
            case .minute: return padded(parts.minute, 2)
            case .second: return padded(parts.second, 2)
            case .simple:
                // KeePass's DT_SIMPLE: yyyyMMddHHmmss.
                return padded(parts.year, 4) + padded(parts.month, 2) + padded(parts.day, 2) + padded(parts.hour, 2)
                    + padded(parts.minute, 2) + padded(parts.second, 2)
            }
        }
    }
}
