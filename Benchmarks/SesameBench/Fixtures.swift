import Foundation
import SesameDomains
import SesameStore
import SesameTerminal

/// Synthetic vault contents: `count` logins over many sites, a few per registrable domain, like a real vault.
enum Fixtures {
    /// The list the benchmarks' vaults use: `$SESAME_PUBLIC_SUFFIX_LIST`, else Debian's, as the shell finds it.
    static let publicSuffixList: PublicSuffixList = {
        do {
            return try PublicSuffixListFile.load(path: PublicSuffixListFile.path(environment: ProcessInfo.processInfo.environment))
        } catch {
            fatalError("\(error)")
        }
    }()

    static func item(_ index: Int) -> Item {
        let site = "site\(index / 3)-example\(index % 7 == 0 ? ".co.uk" : ".com")"
        let host = index % 2 == 0 ? "www.\(site)" : "login.\(site)"
        return Item(
            title: "Account \(index) at \(site)", username: "user\(index)@mail.example",
            password: "pw-\(index)-\(UUID().uuidString.prefix(8))", urls: [ItemURL("https://\(host)/login")],
            notes: index % 5 == 0 ? "Recovery codes: 1234 5678 9012 3456" : "")
    }

    /// The registrable domain a form on item `index`'s site asks for, as the AutoFill engine computes it.
    static func site(of index: Int) throws -> String {
        publicSuffixList.registrableDomain(of: try Host(parsing: "www." + domain(of: index)))
    }

    static func domain(of index: Int) -> String {
        "site\(index / 3)-example\(index % 7 == 0 ? ".co.uk" : ".com")"
    }
}
