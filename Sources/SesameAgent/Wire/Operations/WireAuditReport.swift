import Foundation
import SesameAutoFill

/// What the audit found, as `audit` answers: titles, sites, reasons and counts. The wire's own names, so the
/// core's `AuditReport` can change without changing protocol v2. An entry's `password` is only ever set in a
/// revealing report, which the agent never sends: the type carries secrets when it holds one, and the reply guard
/// withholds it under `audit`'s policy.
struct WireAuditReport: Codable, Sendable, Equatable, CarriesSecrets {
    var itemsChecked: Int
    var weak: [Weak]
    var reused: [Reused]
    var old: [Old]
    var missingOneTimeCode: [MissingOneTimeCode]?
    var sharedCredentialMismatch: [SharedCredentialMismatch]

    enum CodingKeys: String, CodingKey {
        case itemsChecked = "itemsChecked", weak = "weak", reused = "reused", old = "old"
        case missingOneTimeCode = "missingOneTimeCode", sharedCredentialMismatch = "sharedCredentialMismatch"
    }

    struct Entry: Codable, Sendable, Equatable {
        var id: String
        var title: String
        var password: String?

        enum CodingKeys: String, CodingKey {
            case id = "id", title = "title", password = "password"
        }
    }

    struct Weak: Codable, Sendable, Equatable {
        var item: Entry
        var reason: String
        var bits: Double

        enum CodingKeys: String, CodingKey {
            case item = "item", reason = "reason", bits = "bits"
        }
    }

    struct Reused: Codable, Sendable, Equatable {
        var items: [Entry]

        enum CodingKeys: String, CodingKey {
            case items = "items"
        }
    }

    struct Old: Codable, Sendable, Equatable {
        var item: Entry
        var passwordChanged: Date

        enum CodingKeys: String, CodingKey {
            case item = "item", passwordChanged = "passwordChanged"
        }
    }

    struct MissingOneTimeCode: Codable, Sendable, Equatable {
        var item: Entry
        var site: String

        enum CodingKeys: String, CodingKey {
            case item = "item", site = "site"
        }
    }

    struct SharedCredentialMismatch: Codable, Sendable, Equatable {
        var sites: [String]
        var items: [Entry]

        enum CodingKeys: String, CodingKey {
            case sites = "sites", items = "items"
        }
    }

    /// Whether any entry carries its password (a revealing report).
    var holdsSecrets: Bool {
        let entries = weak.map(\.item) + reused.flatMap(\.items) + old.map(\.item)
            + (missingOneTimeCode ?? []).map(\.item) + sharedCredentialMismatch.flatMap(\.items)
        return entries.contains { $0.password != nil }
    }

    init(_ report: AuditReport) {
        itemsChecked = report.itemsChecked
        weak = report.weak.map { Weak(item: Entry($0.item), reason: $0.reason, bits: $0.bits) }
        reused = report.reused.map { Reused(items: $0.items.map(Entry.init)) }
        old = report.old.map { Old(item: Entry($0.item), passwordChanged: $0.passwordChanged) }
        missingOneTimeCode = report.missingOneTimeCode?.map { MissingOneTimeCode(item: Entry($0.item), site: $0.site) }
        sharedCredentialMismatch = report.sharedCredentialMismatch.map {
            SharedCredentialMismatch(sites: $0.sites, items: $0.items.map(Entry.init))
        }
    }

    var report: AuditReport {
        AuditReport(
            itemsChecked: itemsChecked,
            weak: weak.map { .init(item: $0.item.entry, reason: $0.reason, bits: $0.bits) },
            reused: reused.map { .init(items: $0.items.map(\.entry)) },
            old: old.map { .init(item: $0.item.entry, passwordChanged: $0.passwordChanged) },
            missingOneTimeCode: missingOneTimeCode?.map { .init(item: $0.item.entry, site: $0.site) },
            sharedCredentialMismatch: sharedCredentialMismatch.map { .init(sites: $0.sites, items: $0.items.map(\.entry)) })
    }
}

extension WireAuditReport.Entry {
    init(_ entry: AuditReport.Entry) {
        self.init(id: entry.id, title: entry.title, password: entry.password)
    }

    var entry: AuditReport.Entry { AuditReport.Entry(id: id, title: title, password: password) }
}
