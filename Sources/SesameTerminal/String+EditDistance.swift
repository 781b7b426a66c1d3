extension String {
    /// The optimal-string-alignment distance to `other`, counted in characters: insertions, deletions,
    /// substitutions and transpositions of neighbours each cost one, so `lsit` is one edit from `list` (plain
    /// Levenshtein counts two, and ties it with `init`).
    func editDistance(to other: String) -> Int {
        let source = Array(self)
        let target = Array(other)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        var beforePrevious = [Int](repeating: 0, count: target.count + 1)
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let substitution = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[target.count]
    }

    /// The closest candidate within a small distance, as swift-argument-parser suggests ("Did you mean …?").
    func closest(in candidates: [String]) -> String? {
        // argument-parser's floor (fewer than 4 edits), but also at most half the word: it would offer '--tag'
        // for '--foo', which helps nobody. Ties go to the earlier candidate.
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(to: candidate)
            guard distance < 4, distance * 2 <= count else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }
}
