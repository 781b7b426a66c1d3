
/// Site names a window title shows (`Sign in - accounts.example.com`, `https://example.com/login - Browser`):
/// each word that is a URL, or a host name with a dot and an alphabetic top-level label. The matcher then
/// decides which logins they name, as for a form.
enum AutoTypeTitleSites {
    static let maximumSites = 8

    static func sites(in title: String) -> [String] {
        let separators: Set<Character> = [" ", "\t", "(", ")", "[", "]", "<", ">", "|", "\"", "'", "«", "»", ",", ";",
                                          "—", "–", "·", "•"]
        var sites: [String] = []
        for word in title.split(whereSeparator: { separators.contains($0) }) {
            var word = String(word)
            if word.contains("://") {
                if !sites.contains(word) { sites.append(word) }
            } else {
                while let last = word.last, ".:/!?".contains(last) { word.removeLast() }
                // `alice@example.com` names a person; only its domain names a site.
                if let at = word.lastIndex(of: "@") { word = String(word[word.index(after: at)...]) }
                if let slash = word.firstIndex(of: "/") { word = String(word[..<slash]) }
                let labels = word.split(separator: ".", omittingEmptySubsequences: false)
                guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }),
                      let top = labels.last, top.count >= 2, top.allSatisfy(\.isLetter)
                else { continue }
                let site = word.lowercased()
                if !sites.contains(site) { sites.append(site) }
            }
            if sites.count == maximumSites { break }
        }
        return sites
    }
}
