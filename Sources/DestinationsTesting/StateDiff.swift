/// A line diff of two texts, for failure messages: rendered states, transcripts.
///
/// ```
///   tabs (selected: notes)
///     [notes] stack
///       notes
/// -     note(id: 1) ◀
/// +     note(id: 1)
/// +       sheet[large]: editNote(id: 1) ◀
/// ```
///
/// Lines only in the expected text start with `-`, lines only in the actual text with `+`,
/// shared lines with two spaces. Long runs of shared lines are shortened to `…`.
public enum StateDiff {
    /// The diff of `expected` against `actual`, or `nil` when they are equal.
    ///
    /// - Parameters:
    ///   - expected: The text that was expected; its lines are marked `-`.
    ///   - actual: The text found; its lines are marked `+`.
    ///   - context: How many shared lines to keep around each change; `nil` keeps them all.
    /// - Complexity: O(*n* × *m*) for texts of *n* and *m* lines.
    public static func diff(expected: String, actual: String, context: Int? = nil) -> String? {
        let old = lines(of: expected)
        let new = lines(of: actual)
        guard old != new else { return nil }
        let edits = script(from: old, to: new)
        var keep = [Bool](repeating: context == nil, count: edits.count)
        if let context {
            for (index, edit) in edits.enumerated() where edit.mark != " " {
                let low = max(0, index - context)
                let high = min(edits.count - 1, index + context)
                for near in low...high { keep[near] = true }
            }
        }
        var output: [String] = []
        var skipping = false
        for (index, edit) in edits.enumerated() {
            if keep[index] {
                output.append("\(edit.mark) \(edit.line)")
                skipping = false
            } else if !skipping {
                output.append("  …")
                skipping = true
            }
        }
        return output.joined(separator: "\n")
    }

    /// The text as lines, without trailing spaces and without blank lines at either end: how
    /// the harness compares states and transcripts.
    public static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines
    }

    /// `text` as the harness compares it: ``lines(of:)`` joined again.
    public static func normalized(_ text: String) -> String {
        lines(of: text).joined(separator: "\n")
    }

    private struct Edit {
        let mark: Character
        let line: String
    }

    /// The shortest edit script from `old` to `new`, by longest common subsequence.
    private static func script(from old: [String], to new: [String]) -> [Edit] {
        let n = old.count
        let m = new.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                edits.append(Edit(mark: " ", line: old[i]))
                i += 1
                j += 1
            } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
                edits.append(Edit(mark: "+", line: new[j]))
                j += 1
            } else {
                edits.append(Edit(mark: "-", line: old[i]))
                i += 1
            }
        }
        return reorderedRuns(edits)
    }

    /// Puts the removals of each changed run before its additions, which reads better.
    private static func reorderedRuns(_ edits: [Edit]) -> [Edit] {
        var result: [Edit] = []
        var removed: [Edit] = []
        var added: [Edit] = []
        func flush() {
            result += removed + added
            removed.removeAll()
            added.removeAll()
        }
        for edit in edits {
            switch edit.mark {
            case "-": removed.append(edit)
            case "+": added.append(edit)
            default:
                flush()
                result.append(edit)
            }
        }
        flush()
        return result
    }
}
