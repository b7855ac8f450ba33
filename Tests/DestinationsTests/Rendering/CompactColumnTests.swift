import Destinations
import Testing

/// The focused column of a split view and the report of a compact split view's back button.
@MainActor
@Suite struct CompactColumnTests {
    @Test func theFocusedColumnIsTheRightmostFilledOne() throws {
        let twoColumns = try state(.split(sidebar: .stack(.menu), detail: .stack(.content(1))))
        #expect(twoColumns.root.focusedColumn == .detail)
        let empty = try state(.split(sidebar: .stack(.menu)))
        #expect(empty.root.focusedColumn == .sidebar)
        let screen = try state(.screen(.home))
        #expect(screen.root.focusedColumn == nil)
    }

    @Test func goingBackToTheSidebarClosesTheDetail() throws {
        let flow = try makeFlow(.split(sidebar: .stack(.menu), content: .screen(.list), detail: .stack(.content(1))))
        let split = flow.rootID
        let state = flow.state
        guard case .split(let columns) = state.root.content, let content = columns.content, let detail = columns.detail else {
            Issue.record("not a three-column split")
            return
        }
        #expect(try UserAction.compactColumn(.detail, of: split, in: state) == nil)
        #expect(try UserAction.compactColumn(.content, of: split, in: state) == .closedColumn(showing: detail.id))
        #expect(try UserAction.compactColumn(.sidebar, of: split, in: state) == .closedColumn(showing: content.id))

        let report = try #require(try UserAction.compactColumn(.content, of: split, in: state))
        try flow.apply(report)
        #expect(flow.state.root.focusedColumn == .content)
        #expect(try UserAction.compactColumn(.content, of: split, in: flow.state) == nil)
    }

    @Test func aGoneOrWrongElementReportsNothingOrThrows() throws {
        let state = try state(.split(sidebar: .stack(.menu), detail: .stack(.content(1))))
        #expect(try UserAction.compactColumn(.sidebar, of: ElementID(999), in: state) == nil)
        guard case .split(let columns) = state.root.content else { return }
        #expect(throws: NavigationError.self) {
            try UserAction.compactColumn(.sidebar, of: columns.sidebar.id, in: state)
        }
    }
}
