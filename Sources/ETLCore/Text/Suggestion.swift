/// "Did you mean …?" for a mistyped option, subcommand or value: the valid
/// names nearest by edit distance, as git and swift-argument-parser do.
package enum Suggestion {
    /// The candidates nearest to `text` (ties all kept, in the order given),
    /// or none when even the nearest is too far to be a typo: more than a
    /// third of the text's length, never more than 3 edits, and never every
    /// character. Letter case is ignored, so `Met` finds `met`.
    package static func nearest(to text: String, among candidates: [String]) -> [String] {
        let typed = Array(text.lowercased())
        // A long pasted value need not be compared: nothing is that long.
        guard typed.count <= 200 else { return [] }
        let limit = min(3, max(1, typed.count / 3))
        var best: [String] = []
        var bestDistance = limit + 1
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            // Every character wrong (`4` for `3`) is another word, not a typo.
            guard distance <= limit, distance < typed.count else { continue }
            if distance < bestDistance {
                best = [candidate]
                bestDistance = distance
            } else if distance == bestDistance, !best.contains(candidate) {
                best.append(candidate)
            }
        }
        return best
    }

    /// ` Did you mean '--a' or '--b'?`, or "" when there is nothing to suggest.
    package static func didYouMean(_ suggestions: [String]) -> String {
        guard !suggestions.isEmpty else { return "" }
        return " Did you mean \(HelpText.list(suggestions.map { "'\($0)'" }, with: "or"))?"
    }

    /// `. Did you mean 'id'?` for a mistyped value, with ` Values are
    /// case-sensitive.` when only the case is wrong (`ID`), or "" when no
    /// value is near; it follows the value's `expected …` text.
    package static func valueHint(for text: String, among values: [String]) -> String {
        let nearest = nearest(to: text, among: values)
        guard !nearest.isEmpty else { return "" }
        let caseOnly = nearest.count == 1 && nearest[0].lowercased() == text.lowercased()
        return "." + didYouMean(nearest) + (caseOnly ? " Values are case-sensitive." : "")
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of two neighbours each cost one, so `pgaes`
    /// is one edit from `pages`.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
