import CSodium

/// Bytes that hold a secret: allocated with `sodium_malloc` (guard pages, locked in memory and excluded from core
/// dumps where the system allows it), readable only through closures, and zeroed when freed.
///
/// When locked memory is exhausted (an unprivileged user has 8 MiB of `RLIMIT_MEMLOCK`) the bytes fall back to
/// ordinary memory that is still zeroed on release: the secret stays usable rather than the program failing.
public final class SecureBytes: @unchecked Sendable {
    // @unchecked: the storage is never mutated after initialisation except through `withUnsafeMutableBytes`,
    // which callers use only while they own the value exclusively (building a key or reading a prompt).
    private let storage: UnsafeMutableRawPointer
    private let isSodiumAllocated: Bool
    public let count: Int

    /// Zero-filled secure storage of `count` bytes.
    ///
    /// - Parameter lockedInMemory: false for short-lived buffers read in bulk (decrypted items): `sodium_malloc`
    ///   costs several system calls per allocation, which dominated decrypting a large vault. Such buffers are still
    ///   zeroed when released.
    public init(count: Int, lockedInMemory: Bool = true) {
        Sodium.ensureInitialized()
        precondition(count >= 0)
        self.count = count
        let size = max(count, 1)
        if lockedInMemory, let pointer = sodium_malloc(size) {
            storage = pointer
            isSodiumAllocated = true
        } else {
            storage = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            isSodiumAllocated = false
        }
        sodium_memzero(storage, size)
    }

    /// A secure copy of `bytes`; the caller remains responsible for zeroing its own copy. `lockedInMemory` as for
    /// ``init(count:lockedInMemory:)``.
    public convenience init<C: Collection>(copying bytes: C, lockedInMemory: Bool = true) where C.Element == UInt8 {
        self.init(count: bytes.count, lockedInMemory: lockedInMemory)
        let destination = storage.assumingMemoryBound(to: UInt8.self)
        for (offset, byte) in bytes.enumerated() { destination[offset] = byte }
    }

    /// A secure copy of a string's UTF-8 bytes. The string itself cannot be wiped; prefer reading secrets
    /// straight into `SecureBytes` where possible.
    public convenience init(utf8 string: String) {
        self.init(copying: Array(string.utf8))
    }

    /// `count` bytes from the operating system's cryptographic random source.
    public static func random(count: Int) -> SecureBytes {
        let bytes = SecureBytes(count: count)
        if count > 0 { randombytes_buf(bytes.storage, count) }
        return bytes
    }

    deinit {
        if isSodiumAllocated {
            sodium_free(storage)  // zeroes, then releases the guard pages
        } else {
            sodium_memzero(storage, max(count, 1))
            storage.deallocate()
        }
    }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(start: storage, count: count))
    }

    /// Constant-time comparison, so that comparing secrets leaks nothing through timing.
    public func isEqual(to other: SecureBytes) -> Bool {
        guard count == other.count else { return false }
        return sodium_memcmp(storage, other.storage, count) == 0
    }

    /// A copy of a prefix, for secrets read into a larger buffer.
    public func prefix(_ length: Int) -> SecureBytes {
        precondition(length <= count)
        let copy = SecureBytes(count: length)
        if length > 0 { copy.storage.copyMemory(from: storage, byteCount: length) }
        return copy
    }

    /// The bytes as UTF-8 text, for the rare places that must hand a secret to a `String` API (the item payload).
    public func utf8String() -> String {
        withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }
}

extension SecureBytes: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "SecureBytes(\(count) bytes, redacted)" }
    public var debugDescription: String { description }
}

/// Wipes a temporary copy of secret bytes.
public func zeroize(_ bytes: inout [UInt8]) {
    Sodium.ensureInitialized()
    bytes.withUnsafeMutableBytes { buffer in
        if let base = buffer.baseAddress { sodium_memzero(base, buffer.count) }
    }
}
