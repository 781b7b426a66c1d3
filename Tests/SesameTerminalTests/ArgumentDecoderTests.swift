@testable import SesameTerminal
import Testing

/// A command's arguments decoded into one value: the spec, and so its help, is made from the same reads that decode.
@Suite struct ArgumentDecoderTests {
    struct AddArguments: CommandArguments {
        static let length = OptionSpec.value("length", short: "l", valueName: "n", help: "Length.")
        let title: String?
        let urls: [String]
        let length: String?
        let reveal: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            title = decoder.argument(ArgumentSpec("title", help: "A name."))
            urls = decoder.values(.repeatable("url", help: "A URL (repeatable)."))
            length = decoder.value(Self.length)
            reveal = decoder.flag(.flag("reveal", short: "r", help: "Show it."))
            usage = decoder.usage
        }
    }

    static let spec = CommandSpec(name: "add", abstract: "Add a login.", declaring: AddArguments.self)

    func decode(_ words: [String]) throws -> AddArguments {
        guard case .arguments(let parsed) = try Self.spec.parse(words, commandPath: "sesame add") else {
            throw UsageError("not arguments")
        }
        var decoder = ArgumentDecoder(parsed)
        return AddArguments(&decoder)
    }

    @Test func theSpecDeclaresWhatTheValueReadsInItsOrder() {
        #expect(Self.spec.arguments.map(\.name) == ["title"])
        #expect(Self.spec.options.map(\.name) == ["url", "length", "reveal"])
        #expect(Self.spec.options.map(\.kind) == [.repeatableValue(valueName: "url"), .value(valueName: "n"), .flag])
        let help = Self.spec.helpText(commandPath: "sesame add")
        for line in ["--url <url>", "-l, --length <n>", "-r, --reveal", "<title>"] {
            #expect(help.contains(line), "\(line)")
        }
    }

    @Test func decodesEveryKindOnce() throws {
        let arguments = try decode(["GitHub", "--url", "a.example", "--url=b.example", "-l", "12", "-r"])
        #expect(arguments.title == "GitHub" && arguments.urls == ["a.example", "b.example"])
        #expect(arguments.length == "12" && arguments.reveal)
        let none = try decode(["GitHub"])
        #expect(none.urls.isEmpty && none.length == nil && !none.reveal)
    }

    @Test func unknownOptionsAndMissingValuesAreTheParsersUsageErrors() {
        #expect(throws: UsageError("Unknown option '--lenght'. Did you mean '--length'?", usage: Self.spec.usage(commandPath: "sesame add"), commandPath: "sesame add")) {
            try decode(["GitHub", "--lenght", "3"])
        }
        #expect(throws: UsageError("Missing value for '--length <n>'", usage: Self.spec.usage(commandPath: "sesame add"), commandPath: "sesame add")) {
            try decode(["GitHub", "--length"])
        }
    }

    @Test func conversionsGiveTheUsualMessages() throws {
        let arguments = try decode(["GitHub", "--length", "ten"])
        #expect(throws: arguments.usage.error("The value 'ten' is invalid for '--length <n>'")) {
            try arguments.usage.integer(arguments.length, of: AddArguments.length)
        }
        let big = try decode(["GitHub", "--length", "500"])
        #expect(throws: big.usage.error("The value '500' is invalid for '--length <n>': expected a number from 8 to 128")) {
            try big.usage.integer(big.length, of: AddArguments.length, in: 8...128)
        }
        #expect(try big.usage.integer(nil, of: AddArguments.length) == nil)
    }
}
