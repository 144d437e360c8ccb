/// "Did you mean …?" for misspelled keys and enumerated values.
enum Suggestions {
    /// The candidate closest to `word` by Levenshtein distance (counted in
    /// Unicode scalars, case-insensitive, `_`/`-` ignored), if it is close
    /// enough to be a plausible typo: at most 1 edit for words of up to
    /// four letters, 2 up to eight, 3 beyond. Ties go to the earlier candidate.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let normalised = normalise(word)
        let limit = normalised.count <= 4 ? 1 : (normalised.count <= 8 ? 2 : 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = levenshtein(normalised, normalise(candidate))
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    private static func normalise(_ word: String) -> [Unicode.Scalar] {
        Array(word.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }

    /// Edit distance with insertions, deletions and substitutions of cost 1.
    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
