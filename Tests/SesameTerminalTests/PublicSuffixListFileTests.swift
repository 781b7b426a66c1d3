import Foundation
import SesameDomains
import Testing
@testable import SesameTerminal

/// Where the Linux shell finds the public suffix list, and what a missing or broken one says.
@Suite struct PublicSuffixListFileTests {
    @Test func pathComesFromTheEnvironmentElseDebian() {
        #expect(PublicSuffixListFile.path(environment: [:]) == "/usr/share/publicsuffix/public_suffix_list.dat")
        #expect(PublicSuffixListFile.path(environment: ["SESAME_PUBLIC_SUFFIX_LIST": ""]) == PublicSuffixListFile.debianPath)
        #expect(PublicSuffixListFile.path(environment: ["SESAME_PUBLIC_SUFFIX_LIST": "/opt/psl.dat"]) == "/opt/psl.dat")
    }

    @Test func aMissingListSaysWhatToInstall() {
        let path = "/nonexistent-\(UUID().uuidString)/public_suffix_list.dat"
        let error = #expect(throws: CLIError.self) { try PublicSuffixListFile.load(path: path) }
        let message = error?.message ?? ""
        #expect(message.contains(path))
        #expect(message.contains("Debian package 'publicsuffix'"))
        #expect(message.contains("SESAME_PUBLIC_SUFFIX_LIST"))
    }

    @Test func anEmptyFileIsNotAList() throws {
        let path = try Self.temporaryFile(contents: "// only a comment\n\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: CLIError.self) { try PublicSuffixListFile.load(path: path) }
        #expect(error?.message.contains("holds no public suffix rules") == true)
    }

    @Test func aDirectoryIsUnreadable() {
        let error = #expect(throws: CLIError.self) { try PublicSuffixListFile.load(path: "/") }
        #expect(error?.message.contains("could not be read") == true, "\(String(describing: error))")
    }

    @Test func theFileIsReadAndAnswers() throws {
        let path = try Self.temporaryFile(contents: "uk\nco.uk\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = try PublicSuffixListFile.load(path: path)
        #expect(list.ruleCount == 2)
        #expect(try list.registrableDomain(of: Host(parsing: "www.example.co.uk")) == "example.co.uk")
    }

    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: PublicSuffixListFile.debianPath)))
    func debiansListAnswers() throws {
        let list = try PublicSuffixListFile.load(path: PublicSuffixListFile.debianPath)
        #expect(list.ruleCount > 5000)
        #expect(list.registrableDomain(of: try Host(parsing: "a.b.example.co.uk")) == "example.co.uk")
        #expect(list.registrableDomain(of: try Host(parsing: "alice.github.io")) == "alice.github.io")
        #expect(list.registrableDomain(of: try Host(parsing: "foo.bar.ck")) == "foo.bar.ck")
        #expect(list.registrableDomain(of: try Host(parsing: "www.ck")) == "www.ck")
        #expect(list.registrableDomain(of: try Host(parsing: "bücher.de")) == "xn--bcher-kva.de")
    }

    static func temporaryFile(contents: String) throws -> String {
        let path = NSTemporaryDirectory() + "sesame-psl-\(UUID().uuidString).dat"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
