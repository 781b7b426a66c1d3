/// The rules that say which part of a host name a registrant controls (https://publicsuffix.org),
/// and so what Sesame calls a site: "login.example.co.uk" and "www.example.co.uk" are one site,
/// "alice.github.io" and "bob.github.io" are two.
///
/// Both sections of the list count (ICANN and PRIVATE): a private suffix such as "github.io" is
/// exactly where one registrant's site ends and another's begins. Lookups are hash-table probes of
/// the host's label suffixes, so they cost the same however long the list is.
///
/// Rules are read as libpsl (curl, wget, GLib) reads them, which includes one point the format
/// leaves open: a wildcard "*.x" makes x itself a public suffix too, so "compute.amazonaws.com"
/// (under "*.compute.amazonaws.com") is its own site rather than part of "amazonaws.com".
public final class PublicSuffixList: Sendable {
    /// What the rules say about one suffix; a suffix can carry several ("*.x" and "x").
    struct Kinds: OptionSet, Sendable {
        let rawValue: UInt8
        /// "x": x is a public suffix.
        static let plain = Kinds(rawValue: 1)
        /// "*.x": x and every name directly below x are public suffixes.
        static let wildcard = Kinds(rawValue: 2)
        /// "!x": x is not a public suffix, whatever a wildcard says; its parent is.
        static let exception = Kinds(rawValue: 4)
    }

    /// Rules by the FNV-1a of their canonical ASCII suffix ("co.uk", "ck" for "*.ck", "www.ck" for "!www.ck"), each
    /// with its bytes to compare: a lookup hashes the bytes of a host's suffixes where they are, instead of making a
    /// `String` of each (what an identity sync of 100,000 logins spent most of its domain work on).
    private let rules: [UInt64: [Rule]]

    private struct Rule: Sendable {
        var suffix: [UInt8]
        var kinds: Kinds
    }
    /// The most labels a matching suffix can have; longer suffixes are never looked up.
    private let maxRuleLabels: Int

    /// Changes whenever an answer of this list could change: a 64-bit FNV-1a, in hex, over this
    /// implementation's version, the number of rules and the sum of each normalized rule's own
    /// hash. Comments, order, case, Unicode versus "xn--" spelling and duplicates do not affect
    /// it. The vault stores it to know when its domain index must be rebuilt; it is a change
    /// detector, not a defence against a forged list.
    public let fingerprint: String

    /// The number of distinct rules.
    public let ruleCount: Int

    /// Part of the fingerprint: bump it whenever a change to this module could change an answer of
    /// ``registrableDomain(of:)``, whether in how rules are read here or in how `Host` normalizes
    /// names, so that vaults rebuild indexes made under the old answers.
    static let algorithmVersion = "sesame-psl-2"  // 2: IDNA through Foundation (full UTS #46 mapping)

    /// Reads a list in the standard format.
    ///
    /// Each line's first whitespace-separated word is a rule; "//" starts a comment line; "*." marks a
    /// wildcard, "!" an exception. Unicode rules are stored in their "xn--" form. Lines that are
    /// not valid rules are skipped.
    ///
    /// The list is a value handed in by the shell that found it (Debian's `publicsuffix` file on Linux, a copy
    /// bundled in the app on Apple platforms); the core never looks for it.
    public convenience init(parsing text: String) {
        var text = text
        self.init(rules: text.withUTF8 { Self.parseRules($0) })
    }

    /// ``init(parsing:)`` for the bytes of a file.
    public convenience init(utf8 bytes: [UInt8]) {
        self.init(rules: bytes.withUnsafeBufferPointer { Self.parseRules($0) })
    }

    init(rules: [String: Kinds]) {
        var table: [UInt64: [Rule]] = [:]
        table.reserveCapacity(rules.count)
        for (suffix, kinds) in rules {
            var hash = FNV1a()
            hash.combine(suffix.utf8)
            table[hash.value, default: []].append(Rule(suffix: Array(suffix.utf8), kinds: kinds))
        }
        self.rules = table
        var maxLabels = 1
        var count = 0
        // The sum of the rules' mixed hashes does not depend on their order, so nothing is sorted.
        var sum: UInt64 = 0
        for (suffix, kinds) in rules {
            let labels = suffix.utf8.reduce(1) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
            maxLabels = max(maxLabels, labels)
            if kinds.contains(.plain) { sum &+= Self.ruleHash(suffix, prefix: ""); count += 1 }
            if kinds.contains(.wildcard) { sum &+= Self.ruleHash(suffix, prefix: "*."); count += 1 }
            if kinds.contains(.exception) { sum &+= Self.ruleHash(suffix, prefix: "!"); count += 1 }
        }
        maxRuleLabels = maxLabels
        ruleCount = count
        var hash = FNV1a()
        hash.combine(Self.algorithmVersion.utf8)
        withUnsafeBytes(of: UInt64(count).littleEndian) { hash.combine($0) }
        withUnsafeBytes(of: sum.littleEndian) { hash.combine($0) }
        fingerprint = hash.hex
    }

    /// One rule's FNV-1a, as the rule would be written ("*.ck", "!www.ck", "co.uk"), with its bits
    /// mixed (SplitMix64's finalizer) so that sums of similar rules do not cancel out.
    private static func ruleHash(_ suffix: String, prefix: StaticString) -> UInt64 {
        var hash = FNV1a()
        hash.combine(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        hash.combine(suffix.utf8)
        var z = hash.value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    // MARK: - Lookups

    /// The public suffix of a domain ("co.uk" for "a.b.example.co.uk", "bar.ck" for "foo.bar.ck"
    /// under "*.ck"), in ASCII; a host that is itself a public suffix is its own. The default rule
    /// makes an unlisted top-level label a public suffix. Nil for IP addresses.
    public func publicSuffix(of host: Host) -> String? {
        guard host.kind == .domain else { return nil }
        let offsets = suffixOffsets(of: host.ascii)
        return Self.suffix(of: host.ascii, from: offsets.publicSuffix)
    }

    /// The site a host belongs to, in ASCII: its registrable domain (the public suffix plus one
    /// label), or the host itself for IP addresses, single labels ("localhost") and hosts that are
    /// public suffixes ("github.io", "foo.bar.ck").
    public func registrableDomain(of host: Host) -> String {
        guard host.kind == .domain, let start = suffixOffsets(of: host.ascii).registrableDomain else { return host.ascii }
        return Self.suffix(of: host.ascii, from: start)
    }

    private static func suffix(of name: String, from offset: Int) -> String {
        offset == 0 ? name : String(name[name.utf8.index(name.utf8.startIndex, offsetBy: offset)...])
    }

    /// Byte offsets in `name` (canonical ASCII) where its public suffix and its registrable domain
    /// start; the latter is nil when the name is itself a public suffix.
    private func suffixOffsets(of name: String) -> (publicSuffix: Int, registrableDomain: Int?) {
        // Host.ascii is a native string, so its bytes are contiguous; the copy is only a fallback.
        if let offsets = name.utf8.withContiguousStorageIfAvailable({ suffixOffsets(of: $0) }) { return offsets }
        return Array(name.utf8).withUnsafeBufferPointer { suffixOffsets(of: $0) }
    }

    private func suffixOffsets(of bytes: UnsafeBufferPointer<UInt8>) -> (publicSuffix: Int, registrableDomain: Int?) {
        let covered = publicSuffixLabelCount(of: bytes)
        let publicSuffix = Self.start(ofLast: covered, labelsIn: bytes) ?? 0
        return (publicSuffix, Self.start(ofLast: covered + 1, labelsIn: bytes))
    }

    /// How many labels the prevailing rule covers (publicsuffix.org algorithm): an exception rule
    /// prevails and covers its labels minus one; otherwise the rule with the most labels, where
    /// "*.x" covers x plus one label (or x alone, as libpsl reads it, when x is the whole name)
    /// and the default rule "*" covers one.
    private func publicSuffixLabelCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var covered = 1
        var exception: Int?
        var labels = 0
        var end = bytes.count
        while labels < maxRuleLabels {
            let dot = Self.lastDot(in: bytes, before: end)
            let start = dot.map { $0 + 1 } ?? 0
            labels += 1
            if let kinds = kinds(of: UnsafeBufferPointer(rebasing: bytes[start...])) {
                if kinds.contains(.exception) { exception = labels - 1 }
                if !kinds.isDisjoint(with: [.plain, .wildcard]) { covered = max(covered, labels) }
                if kinds.contains(.wildcard), dot != nil { covered = max(covered, labels + 1) }
            }
            guard let dot else { break }
            end = dot
        }
        if let exception { return max(exception, 1) }
        return covered
    }

    /// What the rules say about exactly this suffix, if anything.
    private func kinds(of suffix: UnsafeBufferPointer<UInt8>) -> Kinds? {
        var hash = FNV1a()
        hash.combine(suffix)
        return rules[hash.value]?.first { $0.suffix.elementsEqual(suffix) }?.kinds
    }

    /// Where the last `labels` labels start; nil if there are fewer.
    private static func start(ofLast labels: Int, labelsIn bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var end = bytes.count
        for _ in 1..<labels {
            guard let dot = lastDot(in: bytes, before: end) else { return nil }
            end = dot
        }
        return lastDot(in: bytes, before: end).map { $0 + 1 } ?? 0
    }

    private static func lastDot(in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        var index = end - 1
        while index >= 0 {
            if bytes[index] == UInt8(ascii: ".") { return index }
            index -= 1
        }
        return nil
    }

    // MARK: - Parsing

    static func parseRules(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: Kinds] {
        var rules: [String: Kinds] = [:]
        rules.reserveCapacity(bytes.count / 20)
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isBlank(bytes[index]), !isNewline(bytes[index]) { index += 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
            while index < bytes.count, !isNewline(bytes[index]) { index += 1 }
            index += 1
            if let (suffix, kind) = rule(word) { rules[suffix, default: []].insert(kind) }
        }
        return rules
    }

    private static func rule(_ word: UnsafeBufferPointer<UInt8>) -> (String, Kinds)? {
        guard let first = word.first else { return nil }
        if word.count >= 2, first == UInt8(ascii: "/"), word[1] == UInt8(ascii: "/") { return nil }
        var body = word[...]
        var kind = Kinds.plain
        if first == UInt8(ascii: "!") {
            kind = .exception
            body = body.dropFirst()
        } else if word.count >= 2, first == UInt8(ascii: "*"), word[1] == UInt8(ascii: ".") {
            kind = .wildcard
            body = body.dropFirst(2)
        }
        // Wildcards other than a leading "*." do not occur in the list and match no valid host.
        guard !body.contains(UInt8(ascii: "*")), !body.contains(UInt8(ascii: "!")) else { return nil }
        // The same normalization as Host, so a Unicode rule matches the "xn--" host it names.
        guard let suffix = IDNA.toASCII(utf8: body) else { return nil }
        return (suffix, kind)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func isNewline(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n")
    }
}
