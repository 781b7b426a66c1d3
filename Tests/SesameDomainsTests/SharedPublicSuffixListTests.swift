import Foundation
import Testing
@testable import SesameDomains

/// Where the process-wide list comes from, and what a missing or broken one says.
@Suite struct SharedPublicSuffixListTests {
    /// shared() reads Debian's list: it is installed and no override points elsewhere.
    static let sharedIsSystemList = FileManager.default.isReadableFile(atPath: PublicSuffixList.defaultPath)
        && (ProcessInfo.processInfo.environment["SESAME_PUBLIC_SUFFIX_LIST"] ?? "").isEmpty

    @Test func pathComesFromTheEnvironmentElseDebian() {
        #expect(PublicSuffixList.sharedPath(environment: [:]) == "/usr/share/publicsuffix/public_suffix_list.dat")
        #expect(PublicSuffixList.sharedPath(environment: ["SESAME_PUBLIC_SUFFIX_LIST": ""]) == PublicSuffixList.defaultPath)
        #expect(PublicSuffixList.sharedPath(environment: ["SESAME_PUBLIC_SUFFIX_LIST": "/opt/psl.dat"]) == "/opt/psl.dat")
    }

    @Test func aMissingListSaysWhatToInstall() {
        let path = "/nonexistent-\(UUID().uuidString)/public_suffix_list.dat"
        let error = #expect(throws: DomainError.self) {
            try PublicSuffixList.loadShared(environment: ["SESAME_PUBLIC_SUFFIX_LIST": path])
        }
        #expect(error == .publicSuffixListUnavailable(path: path))
        let message = error?.description ?? ""
        #expect(message.contains(path))
        #expect(message.contains("Debian package 'publicsuffix'"))
        #expect(message.contains("SESAME_PUBLIC_SUFFIX_LIST"))
    }

    @Test func anEmptyFileIsNotAList() throws {
        let path = try Self.temporaryFile(contents: "// only a comment\n\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: DomainError.publicSuffixListEmpty(path: path)) {
            try PublicSuffixList.loadShared(environment: ["SESAME_PUBLIC_SUFFIX_LIST": path])
        }
    }

    @Test func aDirectoryIsUnreadable() {
        let error = #expect(throws: DomainError.self) { try PublicSuffixList.load(contentsOf: "/") }
        guard case .publicSuffixListUnreadable(let path, let reason)? = error else {
            Issue.record("expected publicSuffixListUnreadable, got \(String(describing: error))")
            return
        }
        #expect(path == "/")
        #expect(!reason.isEmpty)
    }

    @Test func theEnvironmentPathIsRead() throws {
        let path = try Self.temporaryFile(contents: "uk\nco.uk\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = try PublicSuffixList.loadShared(environment: ["SESAME_PUBLIC_SUFFIX_LIST": path])
        #expect(list.ruleCount == 2)
        #expect(try list.registrableDomain(of: Host(parsing: "www.example.co.uk")) == "example.co.uk")
    }

    @Test(.enabled(if: sharedIsSystemList, "needs Debian's publicsuffix package and no SESAME_PUBLIC_SUFFIX_LIST"))
    func sharedIsLoadedOnceAndAnswers() throws {
        let first = try PublicSuffixList.shared()
        let second = try PublicSuffixList.shared()
        #expect(first === second)
        #expect(first.ruleCount > 5000)
        #expect(try registrableDomain(of: Host(parsing: "a.b.example.co.uk")) == "example.co.uk")
        #expect(try registrableDomain(of: Host(parsing: "alice.github.io")) == "alice.github.io")
        #expect(try registrableDomain(of: Host(parsing: "foo.bar.ck")) == "foo.bar.ck")
        #expect(try registrableDomain(of: Host(parsing: "www.ck")) == "www.ck")
        #expect(try registrableDomain(of: Host(parsing: "bücher.de")) == "xn--bcher-kva.de")
    }

    @Test(.enabled(if: sharedIsSystemList, "needs Debian's publicsuffix package and no SESAME_PUBLIC_SUFFIX_LIST"))
    func sharedIsOneListAcrossConcurrentCallers() async throws {
        let lists = try await withThrowingTaskGroup(of: PublicSuffixList.self) { group in
            for _ in 0..<32 { group.addTask { try PublicSuffixList.shared() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(lists.count == 32)
        #expect(lists.allSatisfy { $0 === lists[0] })
    }

    static func temporaryFile(contents: String) throws -> String {
        let path = NSTemporaryDirectory() + "sesame-psl-\(UUID().uuidString).dat"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
