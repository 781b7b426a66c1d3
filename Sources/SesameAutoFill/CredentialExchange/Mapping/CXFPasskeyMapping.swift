import SesameStore

/// Where CXF passkeys meet Sesame's passkey model: CXF's fields in, an item holding the passkey out, and back.
/// The CXF side (reading, base64url, the checks of ``CXFPasskey/problem``, counting) is done here; the model's side
/// (the passkey inside the item payload, its PKCS#8 key, BE/BS flags, a counter that stays 0) is
/// ``CXFSesamePasskeys``. A protocol, so the CXF side's tests can watch which login gets which passkey.
public protocol CXFPasskeyMapping: Sendable {
    /// `item` with `passkey` added. Called only for passkeys without a ``CXFPasskey/problem``; the counter of an
    /// imported passkey starts at 0 and stays there (CXF 1.0). Throws when the model cannot hold it.
    func adding(_ passkey: CXFPasskey, to item: Item) throws(CXFPasskeyRefusal) -> Item

    /// Every passkey `item` holds, as CXF fields, for an export. Passkeys whose counter is not 0 are left out by
    /// CXF's rule, and those CXF would change (see ``CXFSesamePasskeys``); they are counted in `leftOut`.
    func passkeys(of item: Item) -> (passkeys: [CXFPasskey], leftOut: Int)
}

/// Why a passkey was not imported, in words without its values.
public struct CXFPasskeyRefusal: Error, Sendable, Equatable {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}
