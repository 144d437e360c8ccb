/// "Did you mean …?" for misspelled keys and enumerated values.
public enum Suggestions {
    /// The candidate closest to `word` by edit distance (`editDistance`,
    /// case-insensitive, `_`/`-` ignored), if it is close enough to be a
    /// plausible typo: no edit for words of one or two letters (only case or
    /// separators may differ), 1 edit up to four letters, 2 up to eight,
    /// 3 beyond. Ties go to the earlier candidate.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let normalised = normalise(word)
        let limit = switch normalised.count {
        case ...2: 0
        case ...4: 1
        case ...8: 2
        default: 3
        }
        var best: (String, Int)?
        for candidate in candidates {
            let other = normalise(candidate)
            // The distance is at least the length difference: skip the
            // quadratic table for words that cannot be close (a 200 KB value).
            guard abs(other.count - normalised.count) <= limit else { continue }
            let distance = editDistance(normalised, other)
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    private static func normalise(_ word: String) -> [Unicode.Scalar] {
        Array(word.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and transpositions of adjacent letters each cost 1, so
    /// 'widht' is one edit from 'width'.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
