/// Where batch files travel: a folder that something else synchronises, or a git work tree with a remote. The
/// core calls these in one fixed order (pull, list, read, write, publish) and never learns how they are done.
///
/// Everything in the sync root comes from outside. Reads never follow a link, read only regular files and check
/// a file's size against ``SyncBudget`` before reading it; writes never go through a link or a name someone else
/// could have planted. A file refused that way throws ``SyncFileRefusal``, which a round reports for that file
/// and goes on.
public protocol SyncTransport {
    /// Brings in what other devices published (git: fetch and merge; a synced folder: nothing).
    func pull() throws
    /// `vault.hdr`, or nil when the sync root has none yet.
    func readHeader() throws -> [UInt8]?
    func writeHeader(_ bytes: [UInt8]) throws
    /// Every well-formed batch name of a regular file present; anything else in the root is ignored.
    func listBatches() throws -> [BatchName]
    /// A batch's bytes; nil when it vanished or cannot be read yet (a partial download is not an error).
    func readBatch(_ name: BatchName) throws -> [UInt8]?
    /// Writes a batch atomically (never a half-written file under its final name).
    func writeBatch(_ name: BatchName, _ file: [UInt8]) throws
    /// Any file under the root by relative path (snapshots, acknowledgements); nil when absent.
    func readFile(_ path: String) throws -> [UInt8]?
    /// Writes atomically, replacing what was there.
    func writeFile(_ path: String, _ bytes: [UInt8]) throws
    func removeFile(_ path: String) throws
    /// The names of the regular files in a folder of the root; empty when it does not exist.
    func listFiles(in folder: String) throws -> [String]
    /// Publishes what was written or removed (git: commit the device's own files and push; a folder: nothing).
    func publish(device: String) throws
    /// What the listings skipped where Sesame's files live: links, pipes and devices, folders above their
    /// count budget (git: also links committed to the remote). A round reports each.
    func unsafeEntries() throws -> [SyncFileRefusal]
    /// Identifies a batch file's current bytes without reading them (for a folder: inode, size and times), or
    /// nil when the transport cannot tell. A round re-reads an applied batch only when this changes, to see a
    /// different file put at an applied name (equivocation) without reading every file every round.
    func fingerprint(of name: BatchName) throws -> [UInt8]?
}
