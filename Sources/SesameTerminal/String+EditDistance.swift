extension String {
    /// The Levenshtein distance to `other`, counted in characters; used to suggest a near miss.
    func editDistance(to other: String) -> Int {
        let source = Array(self)
        let target = Array(other)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let substitution = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }

    /// The closest candidate within a small distance, as swift-argument-parser suggests ("Did you mean …?").
    func closest(in candidates: [String]) -> String? {
        // argument-parser's floor (fewer than 4 edits), but also at most half the word: it would offer '--tag'
        // for '--foo', which helps nobody.
        candidates
            .map { (candidate: $0, distance: editDistance(to: $0)) }
            .filter { $0.distance < 4 && $0.distance * 2 <= count }
            .min { $0.distance < $1.distance }?
            .candidate
    }
}
