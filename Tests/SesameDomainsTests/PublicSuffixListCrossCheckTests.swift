import Foundation
import Testing
@testable import SesameDomains

/// Sesame's answers against libpsl's, on hosts made from every rule of the system's list.
///
/// Both read the same file: psl is told `--load-psl-file`, since by default it uses its built-in
/// data, which may be of another date than the .dat file.
@Suite struct PublicSuffixListCrossCheckTests {
    static let listPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    static let pslPath: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/psl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let available = pslPath != nil && FileManager.default.isReadableFile(atPath: listPath)

    @Test(.enabled(if: available, "needs the Debian packages 'psl' and 'publicsuffix'"))
    func registrableDomainsAgreeWithLibpsl() throws {
        let text = try String(contentsOfFile: Self.listPath, encoding: .utf8)
        let list = PublicSuffixList(parsing: text)
        let hosts = try Self.hosts(fromRulesIn: text) + Self.handPicked
        var seen: Set<String> = []
        let unique = hosts.filter { seen.insert($0).inserted }
        #expect(unique.count >= 2000)

        let answers = try Self.libpslRegistrableDomains(of: unique)
        var mismatches: [String] = []
        for host in unique {
            guard let answer = answers[host] else {
                mismatches.append("\(host): psl gave no answer")
                continue
            }
            // psl answers in the spelling of its input and prints "(null)" for a host that is itself
            // a public suffix, which Sesame treats as its own site.
            let expected = answer ?? host
            let ours = list.registrableDomain(of: try Host(parsing: host))
            let oursSpelled = host.utf8.allSatisfy { $0 < 0x80 } ? ours : try Host(parsing: ours).unicode
            if oursSpelled != expected {
                mismatches.append("\(host): Sesame \(oursSpelled), libpsl \(answer ?? "(null)")")
            }
        }
        #expect(mismatches.isEmpty, """
            \(mismatches.count) of \(unique.count) hosts differ from libpsl:
            \(mismatches.prefix(25).joined(separator: "\n"))
            """)
    }

    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: listPath), "needs Debian's publicsuffix package"))
    func everyRuleOfTheSystemListIsRead() throws {
        let text = try String(contentsOfFile: Self.listPath, encoding: .utf8)
        let ruleLines = Set(text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            let word = line.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
            return word.isEmpty || word.hasPrefix("//") ? nil : word
        })
        #expect(PublicSuffixList(parsing: text).ruleCount == ruleLines.count)
    }

    // MARK: - Hosts

    /// For each rule, the suffix itself and hosts one and two labels below it; for "*.x", x and
    /// hosts one, two and three labels below; for "!x", x and two below. Rules in Unicode give
    /// hosts in both spellings.
    static func hosts(fromRulesIn text: String) throws -> [String] {
        var hosts: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let word = line.split(whereSeparator: \.isWhitespace).first, !word.hasPrefix("//") else { continue }
            var made: [String]
            if word.hasPrefix("!") {
                let name = String(word.dropFirst())
                made = [name, "x." + name, "y.x." + name]
            } else if word.hasPrefix("*.") {
                let name = String(word.dropFirst(2))
                made = [name, "w." + name, "x.w." + name, "y.x.w." + name]
            } else {
                let name = String(word)
                made = [name, "x." + name, "y.x." + name]
            }
            if !word.utf8.allSatisfy({ $0 < 0x80 }) {
                made += try made.map { try Host(parsing: $0).ascii }
            }
            hosts += made
        }
        return hosts
    }

    static let handPicked = [
        "www.google.com", "a.b.example.co.uk", "example.co.uk", "co.uk", "uk",
        "alice.github.io", "bob.github.io", "www.alice.github.io", "github.io",
        "x.s3.amazonaws.com", "s3.amazonaws.com", "amazonaws.com",
        "foo.bar.ck", "bar.ck", "ck", "www.ck", "www.www.ck",
        "kawasaki.jp", "x.kawasaki.jp", "city.kawasaki.jp", "www.city.kawasaki.jp",
        "b.c.kobe.jp", "a.b.c.kobe.jp",
        "localhost", "www.localhost", "example", "example.unknowntld", "a.b.example.unknowntld",
        "a.b.c.d.e.f.g.h.example.com", "xn--bcher-kva.de", "www.xn--bcher-kva.de", "bücher.de", "www.bücher.de",
        "食狮.公司.cn", "www.食狮.公司.cn", "xn--85x722f.xn--55qx5d.cn", "shishi.xn--55qx5d.cn",
        "_dmarc.example.com", "-foo-.blogspot.com", "a-b.c-d.example.org",
        "oci.customer-oci.com", "x.oci.customer-oci.com", "y.x.oci.customer-oci.com",
    ]

    // MARK: - libpsl

    /// Runs `psl --print-reg-domain` once over all hosts; nil answers stand for "(null)".
    static func libpslRegistrableDomains(of hosts: [String]) throws -> [String: String?] {
        guard let pslPath else { throw CrossCheckError("psl is not installed") }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sesame-psl-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("hosts.txt")
        let outputURL = directory.appendingPathComponent("answers.txt")
        let errorsURL = directory.appendingPathComponent("errors.txt")
        try Data((hosts.joined(separator: "\n") + "\n").utf8).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)

        // Files rather than pipes: psl's output for tens of thousands of hosts would fill a pipe
        // while this process is still writing its input.
        let input = try FileHandle(forReadingFrom: inputURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorsURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pslPath)
        process.arguments = ["--load-psl-file", listPath, "--print-reg-domain"]
        // psl reads its input in the locale's encoding; under "C" it drops every Unicode host.
        process.environment = ["LC_ALL": "C.UTF-8"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try input.close()
        try output.close()
        try errors.close()
        let stderr = try String(contentsOf: errorsURL, encoding: .utf8)
        guard process.terminationStatus == 0, stderr.isEmpty else {
            throw CrossCheckError("psl exited with status \(process.terminationStatus): \(stderr)")
        }

        var answers: [String: String?] = [:]
        let text = try String(contentsOf: outputURL, encoding: .utf8)
        for line in text.split(separator: "\n") {
            guard let separator = line.range(of: ": ") else { throw CrossCheckError("unexpected psl output: \(line)") }
            let answer = String(line[separator.upperBound...])
            answers[String(line[..<separator.lowerBound])] = answer == "(null)" ? String?.none : answer
        }
        return answers
    }

    struct CrossCheckError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
