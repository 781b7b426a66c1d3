import CLibFuzzer
import Glibc

/// Runs libFuzzer's driver (`-max_total_time=`, corpus folders, `-dict=`, … as in C) over one fuzz body.
///
/// SwiftPM points an executable's `main` at the target's Swift entry point, so the target starts the driver itself;
/// libFuzzer's own `main` is still linked and needs `LLVMFuzzerTestOneInput`, which is the same body.
public enum LibFuzzer {
    // Written once before the driver starts; the driver calls the body from this one thread.
    nonisolated(unsafe) fileprivate static var body: (UnsafeRawBufferPointer) -> Void = { _ in }

    /// Feeds every input to `body`, which must not crash on any bytes: a trap is a finding.
    ///
    /// - Parameter options: libFuzzer flags the target always needs (after the command line's), such as
    ///   `-detect_leaks=0` for a target whose system library leaks on every malformed input.
    public static func run(options: [String] = [], _ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        Self.body = body
        var arguments = (0..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0] }
        // Intentionally never freed: the driver keeps argv for the life of the process.
        arguments += options.map { strdup($0) }
        arguments.append(nil)
        var argc = Int32(arguments.count - 1)
        let storage = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count)
        storage.initialize(from: arguments, count: arguments.count)
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = storage
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    LibFuzzer.body(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
