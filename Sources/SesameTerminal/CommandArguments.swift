/// A command's arguments as one value: its options and positional arguments, declared and read in one place.
///
/// The initializer reads each option and argument once from the decoder, unconditionally and in the order help
/// lists them; it does nothing else (conversions and checks that can fail belong to the command, where their
/// order is part of its behaviour). The same initializer run by ``ArgumentDecoder/declarations(of:)`` is what
/// the command's spec, help, completions and manual page list, so they cannot name an option the command does
/// not read, nor miss one it does.
///
/// ```swift
/// struct Arguments: CommandArguments {
///     let title: String?
///     let json: Bool
///     init(_ decoder: inout ArgumentDecoder) {
///         title = decoder.argument(ArgumentSpec("title", help: "A name for the login."))
///         json = decoder.flag(.flag("json", help: "Print JSON."))
///     }
/// }
/// ```
public protocol CommandArguments {
    init(_ decoder: inout ArgumentDecoder)
}

/// The arguments of a command that takes none beyond `--help`.
public struct NoArguments: CommandArguments {
    public init(_ decoder: inout ArgumentDecoder) {}
}

extension CommandArguments {
    /// The value of words parsed against the spec this type declared (`CommandSpec(…, declaring:)`), for a program
    /// that needs nothing of the decoder after its arguments are read.
    public init(decoding parsed: ParsedArguments) {
        var decoder = ArgumentDecoder(parsed)
        self.init(&decoder)
    }
}
