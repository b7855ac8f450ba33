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
        guard case .split(let columns) = state.root.content, let content = columns.content, let detail = columns.detail
        else {
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

    @Test func onlyHidingTheFocusedColumnIsTheUsersBack() throws {
        let state = try state(.split(sidebar: .stack(.menu), content: .screen(.list), detail: .stack(.content(1))))
        let split = state.root.id
        let detail = try #require(state.root.split?.detail)
        #expect(UserAction.hiddenColumn(.detail, of: split, in: state) == .closedColumn(showing: detail.id))
        #expect(UserAction.hiddenColumn(.content, of: split, in: state) == nil)
        #expect(UserAction.hiddenColumn(.sidebar, of: split, in: state) == nil)
        #expect(UserAction.hiddenColumn(.detail, of: ElementID(999), in: state) == nil)
    }

    /// F4: a column step on a collapsed split view shows the state's focused column, and UIKit
    /// hides the column shown before (`willHide`); that must not come back as the user's back.
    @Test func aProgrammaticShowOnACollapsedSplitIsNotReportedAsTheUsersBack() throws {
        let host = ScriptedHost()
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(.split(sidebar: .stack(.menu), content: .screen(.list)))
        let split = flow.rootID
        scheduler.show(flow.state, animated: false)
        while host.finish() {}
        try flow.apply(.show(.content(1), in: .detail))
        scheduler.show(flow.state)
        let step = try #require(scheduler.current)
        #expect(step.change == .setColumn(.detail, split: split, node: flow.state.root.split?.detail?.id))
        // While the step runs, the content column is still the focused one in what the window
        // shows, so only the scheduler's guard keeps UIKit's willHide from being reported…
        #expect(scheduler.isChanging(split))
        let before = try #require(scheduler.rendered)
        #expect(UserAction.hiddenColumn(.content, of: split, in: before) != nil)
        // …and once it has finished, the content column is no longer the focused one: a willHide
        // reported late, or checked again at the end of the transition, reports nothing.
        host.finish()
        #expect(!scheduler.isChanging(split))
        let after = try #require(scheduler.rendered)
        #expect(UserAction.hiddenColumn(.content, of: split, in: after) == nil)
        #expect(after == flow.state)
        // The user's own back from the detail is still reported.
        let detail = try #require(flow.state.root.split?.detail?.id)
        #expect(UserAction.hiddenColumn(.detail, of: split, in: after) == .closedColumn(showing: detail))
    }

    @Test func aStepChangesOnlyTheContainerItNames() throws {
        let host = ScriptedHost()
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(threeTabs)
        scheduler.show(flow.state, animated: false)
        #expect(scheduler.isChanging(ElementID(999)), "a new root: everything is the step's")
        while host.finish() {}
        #expect(!scheduler.isChanging(flow.rootID))
        try flow.apply(.push(.detail(1)))
        scheduler.show(flow.state)
        let inbox = try #require(flow.state.root.tabs?.tabs[0].node.id)
        let profile = try #require(flow.state.root.tabs?.tabs[1].node.id)
        #expect(scheduler.isChanging(inbox))
        #expect(!scheduler.isChanging(profile))
        host.finish()
        #expect(!scheduler.isChanging(inbox))
    }
}
