import Foundation
import FuzzSupport
import Glibc
import SesameCrypto
@testable import SesameSecretService
import SesameStore
@testable import SesameTerminal

/// What a Secret Service client controls before any vault call: object paths, a DH public key and the secret it
/// encrypts, lookup attributes, (from pinentry) Assuan responses, and its environment block (`/proc/PID/environ`,
/// read for TERM when pinentry-curses asks on its terminal). The first byte picks the parser. Nothing may
/// crash; a path that parses must name itself; a secret must decrypt to what was encrypted.
@main
enum FuzzSecretServiceInput {
    static func main() {
        LibFuzzer.run { bytes in
            guard let selector = bytes.first else { return }
            let rest = Array(bytes.dropFirst())
            switch selector % 5 {
            case 0: objectPath(rest)
            case 1: session(rest)
            case 2: attributes(rest)
            case 4: environ(rest)
            default: assuan(rest)
            }
        }
    }

    static func objectPath(_ bytes: [UInt8]) {
        let path = String(decoding: bytes, as: UTF8.self)
        guard let object = SecretObject.parse(path, aliases: ["default": .login, "session": .session]) else { return }
        precondition(object.path == path, "a parsed path names another object")
    }

    /// The client's public key, then an IV and a ciphertext (split by the first byte).
    static func session(_ bytes: [UInt8]) {
        guard let split = bytes.first else { return }
        let keyLength = min(Int(split), bytes.count - 1)
        let key = Array(bytes[1..<(1 + keyLength)])
        let rest = Array(bytes[(1 + keyLength)...])
        guard let (session, publicKey) = try? SecretSession.dh(path: "/s", owner: ":1.1", clientPublicKey: key) else { return }
        precondition(publicKey.count == 128)
        let transport = TransportSecret(session: "/s", parameters: Array(rest.prefix(16)), value: Array(rest.dropFirst(16)), contentType: "")
        _ = try? session.decode(transport)
        let secret = SecureBytes(copying: rest)
        guard let encrypted = try? session.encode(secret, contentType: "text/plain"),
              let decrypted = try? session.decode(encrypted)
        else { preconditionFailure("a secret does not round-trip") }
        precondition(decrypted.isEqual(to: secret))
    }

    /// NUL-separated names and values, matched against an item that has them and one that does not.
    static func attributes(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var query: [String: String] = [:]
        for index in stride(from: 0, to: parts.count - 1, by: 2) { query[parts[index]] = parts[index + 1] }
        let item = Item(title: "t", attributes: query)
        precondition(query.isEmpty || item.matchesLookup(query))
        let login = Item(title: "l", username: parts.first ?? "", urls: parts.dropFirst().prefix(3).map { ItemURL($0) })
        _ = login.matchesLookup(query)
    }

    /// A client's environment block: any TERM taken must be a plain terminal name, safe on an Assuan line.
    static func environ(_ bytes: [UInt8]) {
        guard let type = ClientTerminal.terminalType(fromEnviron: Array(bytes.prefix(ClientTerminal.environLimit))) else { return }
        precondition(!type.isEmpty && type.utf8.count <= 64, "a TERM out of bounds")
        precondition(type.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x25 }, "a TERM that could break an Assuan line")
    }

    static func assuan(_ bytes: [UInt8]) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        defer { close(fds[0]) }
        let chunk = Array(bytes.prefix(60_000))  // below the pipe's buffer, so the write cannot block
        chunk.withUnsafeBytes { _ = write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let reader = AssuanReader(descriptor: fds[0])
        while reader.response() != nil {}
    }
}
