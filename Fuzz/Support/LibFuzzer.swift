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
    public static func run(_ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        Self.body = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    LibFuzzer.body(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
