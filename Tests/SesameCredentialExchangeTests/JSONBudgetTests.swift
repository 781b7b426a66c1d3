import Testing
@testable import SesameAutoFill

/// The JSON underneath CXF: what it accepts, and the budgets it enforces before it allocates, each named in the
/// error.
@Suite struct JSONBudgetTests {
    private func parse(_ text: String, limits: CXFLimits = CXFLimits()) throws(CXFError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), limits: limits)
    }

    private func message(_ text: String, limits: CXFLimits = CXFLimits()) -> String? {
        do {
            _ = try parse(text, limits: limits)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valuesOfEveryKindReadWithEscapesSurrogatePairsAndMemberOrder() throws {
        let value = try parse(#"  {"b": [1, -2.5e3, true, false, null], "a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00 ü"}  "#)
        let object = try #require(value.object)
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(object["a"] == .string("x\"\\/\u{08}\u{0C}\n\r\té😀 ü"))
    }

    @Test func aByteOrderMarkIsSkippedAndTheFirstOfTwoSameNamedMembersCounts() throws {
        let value = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"k": 1, "k": 2}"#.utf8), limits: CXFLimits())
        #expect(value.object?["k"] == .number("1"))
    }

    @Test func malformedJSONIsRefusedWithItsByteOffsetAndNoValue() {
        #expect(message(#"{"password": "hunter2"#) == "The file is not valid JSON: a string that is not closed at byte 14.")
        #expect(message(#"{"a": 1} x"#) == "The file is not valid JSON: text after the JSON value at byte 10.")
        #expect(message(#"{"a": 01}"#)?.hasPrefix("The file is not valid JSON: an object member followed by") == true)
        #expect(message(#"["\ud800"]"#) == "The file is not valid JSON: a lone surrogate escape at byte 9.")
        #expect(message(#"["\udc00x"]"#)?.contains("lone surrogate") == true)
        #expect(message("[\"a\u{01}\"]")?.contains("control character") == true)
        #expect(message(#"["\q"]"#)?.contains("unknown escape") == true)
        #expect(message("[tru]")?.contains("unexpected word") == true)
        #expect(message("") == "The file is not valid JSON: the end of the file where a value belongs at byte 1.")
        #expect(message(#"{"secret-value": }"#).map { !$0.contains("secret-value") } == true)
    }

    @Test func bytesThatAreNotUTF8AreRefusedInPlainAndEscapedStrings() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xC3, 0x22]] {
            #expect(throws: CXFError.self) { try JSONParser.parse(bytes, limits: CXFLimits()) }
        }
    }

    @Test func nestingDeeperThanTheBudgetIsRefusedNamingTheLimit() throws {
        var limits = CXFLimits()
        limits.depth = 4
        #expect(try parse("[[[[1]]]]", limits: limits) == .array([.array([.array([.array([.number("1")])])])]))
        #expect(message("[[[[[1]]]]]", limits: limits) == "The CXF file nests deeper than 4 levels, over Sesame's limit.")
        // Far deeper than any stack allows, refused at the limit without recursing further.
        #expect(message(String(repeating: "[", count: 200_000)) == "The CXF file nests deeper than 32 levels, over Sesame's limit.")
    }

    @Test func moreValuesThanTheBudgetAreRefusedBeforeTheyAreBuilt() {
        var limits = CXFLimits()
        limits.values = 5
        #expect((try? parse(#"{"a": [1, 2]}"#, limits: limits)) != nil)
        #expect(message("[0,0,0,0,0]", limits: limits) == "The CXF file holds more than 5 values, over Sesame's limit.")
    }

    @Test func aStringOrNumberLongerThanTheBudgetIsRefusedBeforeItIsCopied() {
        var limits = CXFLimits()
        limits.stringBytes = 8
        #expect((try? parse(#"["12345678"]"#, limits: limits)) != nil)
        #expect(message(#"["123456789"]"#, limits: limits)
            == "The CXF file has a value longer than 8 bytes at byte 2, over Sesame's limit.")
        #expect(message("[1234567890]", limits: limits)?.contains("longer than 8 bytes") == true)
    }

    @Test func aFileOverTheSizeBudgetIsRefusedBeforeParsing() {
        var limits = CXFLimits()
        limits.bytes = 1 << 20
        let text = "[" + String(repeating: " ", count: 1 << 20) + "]"
        #expect(message(text, limits: limits) == "The CXF file is 1.0 MiB, over Sesame's limit of 1 MiB.")
    }

    @Test func topLevelKeysSkipValuesAndGiveUpOnWhatIsNotAnObject() {
        let names: Set<String> = ["items", "email", "n"]
        #expect(JSONParser.topLevelKeys(Array(#"{"items": [{"x": "}"}], "email": "", "n": {"a": [1]}}"#.utf8),
                                        among: names, limits: CXFLimits()) == ["items", "email", "n"])
        #expect(JSONParser.topLevelKeys(Array("[1]".utf8), among: names, limits: CXFLimits()) == nil)
        #expect(JSONParser.topLevelKeys(Array(#"{"a": [1}"#.utf8), among: names, limits: CXFLimits()) == nil)
    }

    /// Detection reads any file given to `sesame import`: a set of every distinct member name would grow with the
    /// file, past every budget.
    @Test func topLevelKeysKeepOnlyTheNamesAskedFor() throws {
        let names = (0..<100_000).map { #""member \#($0)": 0"# }.joined(separator: ",")
        let bytes = Array(("{" + names + #", "items": [], "email": ""}"#).utf8)
        let keys = try #require(JSONParser.topLevelKeys(bytes, among: CXFReader.detectionKeys, limits: CXFLimits()))
        try #require(keys.count == 2)
        #expect(keys == ["items", "email"])
        #expect(CXFReader.looksLike(bytes))
    }

    @Test func writtenJSONReadsBackToTheSameValue() throws {
        let value = JSONValue.object(JSONObject([
            ("text", .string("quote \" backslash \\ newline \n tab \t nul \u{0} é 😀")),
            ("list", .array([.number("12"), .bool(true), .null, .object(JSONObject())])),
        ]))
        #expect(try JSONParser.parse(JSONWriter.write(value), limits: CXFLimits()) == value)
    }

    @Test func base64URLIsWrittenWithoutPaddingAndReadWithOrWithoutItAndFromEitherAlphabet() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x00, 0x10]
        #expect(CXFBase64URL.encode(bytes) == "-_-_ABA")
        #expect(CXFBase64URL.decode("-_-_ABA") == bytes)
        #expect(CXFBase64URL.decode("-_-_ABA=") == bytes)
        #expect(CXFBase64URL.decode("+/+/ABA") == bytes)
        #expect(CXFBase64URL.decode("") == [])
        #expect(CXFBase64URL.decode("A") == nil)
        #expect(CXFBase64URL.decode("AB C") == nil)
        #expect(CXFBase64URL.decode("AB=C") == nil)
        for count in 0..<40 {
            let sample = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(CXFBase64URL.decode(CXFBase64URL.encode(sample)) == sample)
        }
    }

    @Test func base32SecretsReadAsAuthenticatorsShowThemAndWriteUpperCaseWithoutPadding() {
        #expect(CXFBase32.decode("JBSW Y3DP-ehpk3pxp====") == [0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x21, 0xDE, 0xAD, 0xBE, 0xEF])
        #expect(CXFBase32.decode("JBSWY3D!") == nil)
        #expect(CXFBase32.encode([0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x21, 0xDE, 0xAD, 0xBE, 0xEF]) == "JBSWY3DPEHPK3PXP")
        for count in 0..<30 {
            let sample = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 91 &+ 7) }
            #expect(CXFBase32.decode(CXFBase32.encode(sample)) == sample)
        }
    }
}
