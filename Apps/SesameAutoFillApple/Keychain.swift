#if canImport(AuthenticationServices)
import Foundation
import Security

/// The few generic-password calls the shell makes, in one place.
enum Keychain {
    struct Failure: Error, Equatable {
        let status: OSStatus
    }

    static func query(service: String, account: String, accessGroup: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecAttrAccessGroup as String: accessGroup,
        ]
    }

    static func read(_ query: [String: Any]) -> Data? {
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        guard SecItemCopyMatching(search as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    static func exists(_ query: [String: Any]) -> Bool {
        var search = query
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        return SecItemCopyMatching(search as CFDictionary, nil) == errSecSuccess
    }

    /// Best effort, for the session: a session that cannot be kept only means the next process asks again.
    static func replace(_ query: [String: Any], data: Data, accessible: CFString) {
        delete(query)
        var item = query
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = accessible
        _ = SecItemAdd(item as CFDictionary, nil)
    }

    static func replace(_ query: [String: Any], data: Data, accessControl: SecAccessControl) throws {
        delete(query)
        var item = query
        item[kSecValueData as String] = data
        item[kSecAttrAccessControl as String] = accessControl
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw Failure(status: status) }
    }

    static func delete(_ query: [String: Any]) {
        _ = SecItemDelete(query as CFDictionary)
    }
}
#endif
