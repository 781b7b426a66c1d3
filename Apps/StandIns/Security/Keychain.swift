// Stand-in for Security's keychain calls on Linux (see UIKit/UIViewController.swift for why it cannot reach a
// Mac). A process-wide in-memory keychain keyed by (service, account, access group): enough for the shell's
// generic-password items to round-trip in tests. Access control is recorded, not enforced (no biometry here).
//
// Follows Security.framework/Headers/SecItem.h, SecAccessControl.h, SecBase.h and CoreFoundation's CFBase.h of the
// iPhoneOS 26.2 SDK as Swift imports them: `SecAccessControl` a CF class, not Sendable. Three types differ, as
// Linux has no CoreFoundation bridging: `CFString` is `String` (a non-Sendable CF class there, toll-free bridged to
// `String`), `CFDictionary` is `NSDictionary`, and `SecAccessControlCreateWithFlags` takes the protection as a
// `CFString` where the SDK has a `CFTypeRef`.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

public typealias OSStatus = Int32
public typealias CFDictionary = NSDictionary
public typealias CFTypeRef = AnyObject
public typealias CFString = String

/// https://developer.apple.com/documentation/security/errsecsuccess
public let errSecSuccess: OSStatus = 0
public let errSecItemNotFound: OSStatus = -25300
public let errSecDuplicateItem: OSStatus = -25299
public let errSecUserCanceled: OSStatus = -128

/// Item attribute keys and values (iOS 2.0+), https://developer.apple.com/documentation/security/item-attribute-keys-and-values
public let kSecClass: CFString = "class"
public let kSecClassGenericPassword: CFString = "genp"
public let kSecAttrService: CFString = "svce"
public let kSecAttrAccount: CFString = "acct"
public let kSecAttrAccessGroup: CFString = "agrp"
public let kSecAttrAccessible: CFString = "pdmn"
public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = "aku"
public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = "akpu"
public let kSecAttrAccessControl: CFString = "accc"
public let kSecValueData: CFString = "v_Data"
public let kSecReturnData: CFString = "r_Data"
public let kSecMatchLimit: CFString = "m_Limit"
public let kSecMatchLimitOne: CFString = "m_LimitOne"

/// `SecAccessControl`, iOS 8.0+. https://developer.apple.com/documentation/security/secaccesscontrol
public final class SecAccessControl: Hashable {
    let flags: SecAccessControlCreateFlags
    init(flags: SecAccessControlCreateFlags) { self.flags = flags }

    public static func == (lhs: SecAccessControl, rhs: SecAccessControl) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags
public struct SecAccessControlCreateFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let biometryCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
}

/// https://developer.apple.com/documentation/security/secaccesscontrolcreatewithflags(_:_:_:_:)
/// (`protection` is a `CFTypeRef` on Apple platforms; the shell passes a `kSecAttrAccessible…` CFString.)
public func SecAccessControlCreateWithFlags(_ allocator: AnyObject?, _ protection: CFString,
                                            _ flags: SecAccessControlCreateFlags,
                                            _ error: UnsafeMutablePointer<Unmanaged<NSError>?>?) -> SecAccessControl? {
    SecAccessControl(flags: flags)
}

private struct ItemKey: Hashable {
    var service: String
    var account: String
    var group: String?
}

private let items = Mutex<[ItemKey: Data]>([:])

private func itemKey(_ query: CFDictionary) -> ItemKey? {
    guard let attributes = query as? [String: Any], attributes[kSecClass] as? String == kSecClassGenericPassword,
          let service = attributes[kSecAttrService] as? String, let account = attributes[kSecAttrAccount] as? String
    else { return nil }
    return ItemKey(service: service, account: account, group: attributes[kSecAttrAccessGroup] as? String)
}

/// https://developer.apple.com/documentation/security/secitemadd(_:_:)
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    guard let key = itemKey(attributes), let data = (attributes as? [String: Any])?[kSecValueData] as? Data else {
        return -50  // errSecParam
    }
    return items.withLock { items in
        guard items[key] == nil else { return errSecDuplicateItem }
        items[key] = data
        return errSecSuccess
    }
}

/// https://developer.apple.com/documentation/security/secitemcopymatching(_:_:)
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    guard let key = itemKey(query) else { return -50 }
    guard let data = items.withLock({ $0[key] }) else { return errSecItemNotFound }
    if (query as? [String: Any])?[kSecReturnData] as? Bool == true { result?.pointee = NSData(data: data) }
    return errSecSuccess
}

/// https://developer.apple.com/documentation/security/secitemdelete(_:)
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    guard let key = itemKey(query) else { return -50 }
    return items.withLock { $0.removeValue(forKey: key) == nil ? errSecItemNotFound : errSecSuccess }
}
