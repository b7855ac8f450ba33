import DestinationsTesting
import Foundation
import Testing

@Suite struct StateDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(StateDiff.diff(expected: "a\n  b\n", actual: "a\n  b") == nil)
    }

    @Test func trailingSpacesAndBlankEdgesDoNotCount() {
        #expect(StateDiff.diff(expected: "\n a  \nb\t\n\n", actual: " a\nb") == nil)
    }

    @Test func removalsComeBeforeAdditionsAndSharedLinesAreKept() {
        let diff = StateDiff.diff(expected: "stack\n  notes\n  note ◀", actual: "stack\n  notes ◀\nsheet")
        #expect(
            diff == """
                  stack
                -   notes
                -   note ◀
                +   notes ◀
                + sheet
                """
        )
    }

    @Test func contextShortensLongRunsOfSharedLines() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "line 5", with: "line five")
        let diff = StateDiff.diff(expected: expected, actual: actual, context: 1)
        #expect(
            diff == """
                  …
                  line 4
                - line 5
                + line five
                  line 6
                  …
                """
        )
    }
}
