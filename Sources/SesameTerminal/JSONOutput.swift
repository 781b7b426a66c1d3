import Foundation

/// The one JSON format of `--json` output, so that every command prints the same way.
///
/// Keys are sorted (stable diffs and tests), slashes are not escaped (URLs stay readable), dates are ISO 8601
/// (`2025-01-31T09:30:00Z`), and the text is pretty-printed with a trailing newline.
public enum JSONOutput {
    /// An encoder with Sesame's output settings.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `value` as JSON text ending in a newline.
    ///
    /// - Throws: `EncodingError` if the value cannot be encoded (for example a non-finite number).
    public static func string<T: Encodable>(for value: T) throws -> String {
        String(decoding: try makeEncoder().encode(value), as: UTF8.self) + "\n"
    }
}

/// Prints `value` as JSON on standard output, in ``JSONOutput``'s format.
///
/// ```swift
/// if arguments.json { try printJSON(items.map(ItemSummary.init)) } else { table.print() }
/// ```
///
/// - Throws: `EncodingError` if the value cannot be encoded; nothing is printed then.
public func printJSON<T: Encodable>(_ value: T) throws {
    // Through `print` like all other standard output, so that buffered output keeps its order.
    print(try JSONOutput.string(for: value), terminator: "")
}
