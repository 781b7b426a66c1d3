import Foundation
import SesameAutoType
import SesameAutoTypeRules
import SesameStore
import Testing
@testable import SesameAutoFill

@Suite struct AutoTypeSequenceTests {
    let item = Item(title: "Example", username: "alice", password: "Pa$$w0rd!{x}", urls: [ItemURL("https://example.com/login")],
                    notes: "line one\nline two", fields: [CustomField(name: "PIN", value: "1234", isProtected: true)])

    func tokens(_ source: String) throws -> [AutoTypeToken] { try AutoTypeSequence(source).tokens }

    func reason(_ source: String) -> String? {
        do {
            _ = try AutoTypeSequence(source)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func defaultSequenceTypesUserTabPasswordEnter() throws {
        let actions = try AutoTypeSequence.forItem(item).actions(for: item)
        #expect(actions == [.type("alice"), .press(AutoTypeKeystroke(.tab)), .type("Pa$$w0rd!{x}"),
                            .press(AutoTypeKeystroke(.enter))])
    }

    @Test func defaultSequenceIsCutDownForAMissingField() throws {
        let noUser = Item(title: "t", password: "pw")
        #expect(try AutoTypeSequence.forItem(noUser).actions(for: noUser) == [.type("pw"), .press(AutoTypeKeystroke(.enter))])
        let noPassword = Item(title: "t", username: "bob")
        #expect(try AutoTypeSequence.forItem(noPassword).actions(for: noPassword)
                    == [.type("bob"), .press(AutoTypeKeystroke(.enter))])
    }

    @Test func theItemsOwnSequenceComesFromItsAutoTypeField() throws {
        var custom = item
        custom.fields.append(CustomField(name: "autotype", value: "{USERNAME}{ENTER}{DELAY 250}{S:pin}~"))
        let actions = try AutoTypeSequence.forItem(custom).actions(for: custom)
        #expect(actions == [.type("alice"), .press(AutoTypeKeystroke(.enter)), .pause(milliseconds: 250), .type("1234"),
                            .press(AutoTypeKeystroke(.enter))])
    }

    @Test func plainTextJoinsAndPlaceholdersAreCaseInsensitive() throws {
        #expect(try tokens("ab c{username}d") == [.text("ab c"), .field(.username), .text("d")])
        #expect(try tokens("{Title}{url}{NOTES}{totp}") == [.field(.title), .field(.url), .field(.notes), .field(.oneTimeCode)])
    }

    @Test func escapedCharactersAreTypedLiterally() throws {
        #expect(try tokens("{+}{^}{%}{#}{~}{(}{)}{{}{}}{[}{]}") == [.text("+^%#~(){}[]")])
        #expect(try tokens("user@example.com") == [.text("user@example.com")])
    }

    @Test func countsRepeatKeysAndCharacters() throws {
        #expect(try tokens("{TAB 3}") == Array(repeating: .keystroke(AutoTypeKeystroke(.tab)), count: 3))
        #expect(try tokens("{a 3}{x 0}") == [.text("aaa")])
    }

    @Test func modifiersApplyToOneKeyOrAGroup() throws {
        #expect(try tokens("^a") == [.keystroke(AutoTypeKeystroke(.character("a"), modifiers: .control))])
        #expect(try tokens("+^{END}") == [.keystroke(AutoTypeKeystroke(.end, modifiers: [.shift, .control]))])
        #expect(try tokens("%~") == [.keystroke(AutoTypeKeystroke(.enter, modifiers: .alt))])
        #expect(try tokens("#(r{TAB}+x)") == [
            .keystroke(AutoTypeKeystroke(.character("r"), modifiers: .superKey)),
            .keystroke(AutoTypeKeystroke(.tab, modifiers: .superKey)),
            .keystroke(AutoTypeKeystroke(.character("x"), modifiers: [.superKey, .shift])),
        ])
    }

    @Test func namedKeysAndAliases() throws {
        #expect(try tokens("{BS}{BKSP}{BACKSPACE}{DEL}{PGDN}{F12}{NUMPAD7}{WIN}{ESC}") == [
            .keystroke(AutoTypeKeystroke(.backspace)), .keystroke(AutoTypeKeystroke(.backspace)),
            .keystroke(AutoTypeKeystroke(.backspace)), .keystroke(AutoTypeKeystroke(.delete)),
            .keystroke(AutoTypeKeystroke(.pageDown)), .keystroke(AutoTypeKeystroke(.f12)),
            .keystroke(AutoTypeKeystroke(.keypad7)), .keystroke(AutoTypeKeystroke(.superLeft)),
            .keystroke(AutoTypeKeystroke(.escape)),
        ])
    }

    @Test func delaysAndClearField() throws {
        #expect(try tokens("{DELAY=50}{DELAY 1000}{CLEARFIELD}") == [.keyDelay(milliseconds: 50), .pause(milliseconds: 1000), .clearField])
        let actions = try AutoTypeSequence("{CLEARFIELD}").actions(for: item)
        #expect(actions == [.press(AutoTypeKeystroke(.home, modifiers: .control)),
                            .press(AutoTypeKeystroke(.end, modifiers: [.control, .shift])), .press(AutoTypeKeystroke(.backspace))])
    }

    @Test func customFieldsKeepTheirNamesSpacesAndAll() throws {
        #expect(try tokens("{S:Security Answer}") == [.field(.custom("Security Answer"))])
        #expect(throws: ServiceFailure.self) { try AutoTypeSequence("{S:missing}").actions(for: item) }
    }

    @Test func dateTimePlaceholders() throws {
        let moment = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let actions = try AutoTypeSequence("{DT_UTC_SIMPLE}-{DT_YEAR}{DT_MONTH}{DT_DAY}{DT_HOUR}")
            .actions(for: item, now: moment, timeZone: berlin)
        #expect(actions == [.type("20231114221320"), .type("-"), .type("2023"), .type("11"), .type("14"), .type("23")])
    }

    @Test func oneTimeCodeIsTheItemsCurrentCode() throws {
        let sequence = try AutoTypeSequence("{TOTP}")
        do {
            _ = try sequence.actions(for: item)
            Issue.record("an item without a one-time code typed {TOTP}")
        } catch {
            #expect(error.code == .notFound)
        }
        // RFC 6238's SHA-1 vector at 59 s: 94287082.
        var withCode = item
        withCode.oneTimeCode = "otpauth://totp/Example:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=8"
        let typed = try sequence.actions(for: withCode, now: Date(timeIntervalSince1970: 59))
        #expect(typed == [.type("94287082")])
    }

    @Test(arguments: [
        ("{USERNAME", 1, "not closed"),
        ("abc}", 4, "write {}}"),
        ("{}", 1, "names nothing"),
        ("{FOO}", 1, "not a key, placeholder or command"),
        ("{VKEY 13}", 1, "KeePass command Sesame does not run"),
        ("{REF:P@I:123}", 1, "KeePass command Sesame does not run"),
        ("{TAB x}", 1, "not a whole number"),
        ("{TAB 101}", 1, "more than the limit of 100"),
        ("{DELAY}", 1, "needs a number"),
        ("{DELAY 60001}", 1, "limit of 60000"),
        ("{DELAY=-1}", 1, "not a whole number"),
        ("{DELAY=1001}", 1, "limit of 1000"),
        ("ab+", 3, "must be followed by a key"),
        ("^{PASSWORD}", 2, "apply to keys"),
        ("+(ab", 2, "not closed with ')'"),
        ("(x)", 1, "write {(}"),
        ("{USERNAME 2}", 1, "takes no count"),
        ("{S:}", 1, "needs the name"),
    ])
    func errorsNameThePlaceAndTheReason(source: String, position: Int, fragment: String) throws {
        do {
            _ = try AutoTypeSequence(source)
            Issue.record("'\(source)' parsed")
        } catch {
            #expect(error.position == position, "\(source)")
            #expect(error.reason.contains(fragment), "\(source): \(error.reason)")
            #expect(error.description.hasPrefix("The Auto-Type sequence is not valid at character \(position): "))
        }
    }

    @Test func overlongSequencesAreRefused() {
        #expect(reason(String(repeating: "a", count: AutoTypeSequence.maximumLength + 1))?.contains("longer than") == true)
    }

    @Test func actionsRoundTripThroughTheirJSON() throws {
        let actions: [AutoTypeAction] = [
            .type("Grüße€\n"), .press(AutoTypeKeystroke(.tab, modifiers: [.shift, .control, .alt, .superKey])),
            .press(AutoTypeKeystroke(.character("ß"))), .pause(milliseconds: 20), .keyDelay(milliseconds: 5),
        ]
        let data = try JSONEncoder().encode(actions)
        #expect(try JSONDecoder().decode([AutoTypeAction].self, from: data) == actions)
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let json = String(decoding: try sorted.encode([AutoTypeAction.press(AutoTypeKeystroke(.tab, modifiers: .control))]),
                          as: UTF8.self)
        #expect(json == #"[{"key":"tab","modifiers":["control"]}]"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([AutoTypeAction].self, from: Data(#"[{"pause":99999999}]"#.utf8))
        }
    }
}
