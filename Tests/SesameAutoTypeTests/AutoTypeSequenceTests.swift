import SesameAutoType
import Testing

@Suite struct AutoTypeSequenceTests {
    let fields = AutoTypeSequence.Fields(username: "alice", password: "p+w{d}", title: "Mail", url: "https://mail.example.com")

    @Test func theDefaultTypesUserTabPasswordEnterAndDropsWhatIsEmpty() {
        #expect(AutoTypeSequence.standard(for: fields) == [.text("alice"), .key(.tab, []), .text("p+w{d}"), .key(.enter, [])])
        let onlyPassword = AutoTypeSequence.Fields(username: "", password: "pw")
        #expect(AutoTypeSequence.standard(for: onlyPassword) == [.text("pw"), .key(.enter, [])])
    }

    @Test func placeholdersKeysModifiersAndDelaysParse() throws {
        let sequence = try AutoTypeSequence(parsing: "{USERNAME}{TAB}{DELAY=50}^a{BS}+{TAB}{PASSWORD}{DELAY 200}{{}{}}~x", fields: fields)
        #expect(sequence.steps == [
            .text("alice"), .key(.tab, []), .keyDelay(milliseconds: 50), .character("a", .control),
            .key(.backspace, []), .key(.tab, .shift), .text("p+w{d}"), .pause(milliseconds: 200),
            .character("{", []), .character("}", []), .key(.enter, []), .text("x"),
        ])
        // The values are typed as they are: their own + and { are not syntax.
        #expect(try AutoTypeSequence(parsing: "{title} {URL}", fields: fields).steps == [.text("Mail https://mail.example.com")])
    }

    @Test func aBrokenSequenceIsRefusedWhole() {
        for text in ["{USERNAME", "{NOPE}", "{DELAY=abc}", "{DELAY 99999}", "abc+", "{TOTP}"] {
            #expect(throws: AutoTypeSequence.Failure.self, "\(text)") { try AutoTypeSequence(parsing: text, fields: fields) }
        }
    }
}
