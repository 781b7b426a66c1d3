import Foundation
import Glibc
import SesameSystemCalls

/// Machine output (JSON) on standard output. Foundation's `FileHandle.write(_:)` traps on a failed write, and with
/// SIGPIPE ignored a reader that went away (`sesame list --json | head -1`) is such a failure: a crash with a stack
/// trace after the command had done its work.
public enum StandardOutput {
    /// Writes all of `data`. A reader that went away (`EPIPE`) does not want the rest, so the output ends quietly
    /// and the command's status stands, as `print` behaves; any other failure (a full disk behind `> file`) is an
    /// error, since the output the person asked for is lost.
    public static func write(_ data: Data) throws(CLIError) {
        do {
            try FileDescriptor.standardOutput.writeAll(Array(data))
        } catch where error.code == EPIPE {
            return
        } catch {
            throw CLIError("Cannot write to standard output: \(String(cString: strerror(error.code))).")
        }
    }
}
