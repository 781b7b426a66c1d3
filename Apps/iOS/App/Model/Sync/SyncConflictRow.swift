#if canImport(UIKit)
import Foundation
import SesameStore
import SesameSync

/// An item edited on two devices at once, as `sesame conflicts` lists it: every live version, numbered, the shown
/// one first, each with its device, time, title and user name (never a password). Keeping one makes it a new change
/// of this device, which the next round publishes; the others stay in the sync history.
public struct SyncConflictRow: Sendable, Identifiable {
    public struct Version: Sendable, Identifiable {
        /// 1 is the version shown now.
        public let number: Int
        /// The first 8 hex digits of the device that made it, as `sesame conflicts` prints them.
        public let device: String
        public let time: Date
        public let title: String
        public let username: String
        public let trashed: Bool
        let opID: OpID

        public var id: Int { number }
    }

    public let id: UUID
    public let versions: [Version]

    init(_ conflict: SyncConflict) {
        id = conflict.itemID
        versions = conflict.versions.enumerated().map { index, version in
            Version(number: index + 1, device: String(version.id.device.hexName.prefix(8)), time: version.time,
                    title: version.item.title, username: version.item.username, trashed: version.state == .trashed,
                    opID: version.id)
        }
    }
}
#endif
