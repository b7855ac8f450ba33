import DestinationsTesting
import Foundation
import Testing

/// A presenter hears when its modal goes away, however it went, with what went away.
@MainActor
@Suite struct ModalDismissalTests {
    func flowOnTheAddSheet() throws -> (Flow<MeetingRoute>, MeetingsList) {
        let flow = try Flow(
            .stack(.meetings).presenting(.addMeeting), providers: MeetingApp.providers(clock: ManualClock()))
        let list = try #require(flow.destination(ElementID(2), as: MeetingsList.self))
        #expect(list.heard.isEmpty)
        return (flow, list)
    }

    let sheet = DismissedModal<MeetingRoute>(
        presenter: ElementID(2), modal: ElementID(3), style: .sheet, route: .addMeeting)

    @Test func aButtonOfTheModalThatDismissesIt() throws {
        let (flow, list) = try flowOnTheAddSheet()
        try #require(flow.focusedDestination(as: AddMeeting.self)).send(.cancel)
        #expect(list.heard == [sheet])
    }

    @Test func aSwipeDown() throws {
        let (flow, list) = try flowOnTheAddSheet()
        try flow.apply(.dismissed(modal: ElementID(3)))
        #expect(list.heard == [sheet])
    }

    @Test func dismissAll() throws {
        let (flow, list) = try flowOnTheAddSheet()
        try flow.apply(.dismissAll)
        #expect(list.heard == [sheet])
    }

    @Test func aRestoreOrALinkThatReplacesTheState() throws {
        let (flow, list) = try flowOnTheAddSheet()
        try flow.restore(NavigationState<MeetingRoute>(.stack(.meetings)))
        #expect(list.heard == [sheet])
    }

    @Test func aModalReplacedByAnotherIsADismissal() throws {
        let (flow, list) = try flowOnTheAddSheet()
        // The same shape with another sheet: the one shown went away.
        var transaction = NavigationTransaction(
            state: try NavigationState<MeetingRoute>(.stack(.meetings)), ids: SequentialElementIDs(startingAt: 20))
        try transaction.apply(.present(.screen(.addMeeting), style: .sheet))
        try flow.restore(transaction.state)
        #expect(list.heard == [sheet])
        try flow.apply(.dismissAll)
        #expect(list.heard.map(\.modal) == [ElementID(3), ElementID(20)])
    }

    @Test func aRestoreThatTurnsTheSheetIntoAPushedScreenIsHeardOnceAsItsDismissal() throws {
        let (flow, list) = try flowOnTheAddSheet()
        // The sheet's element stays, pushed onto the stack: the sheet went away.
        let pushed = try NavigationState<MeetingRoute>(.stack(.meetings, .addMeeting))
        #expect(pushed.rendered() == "stack #1\n  meetings #2\n  addMeeting #3 ◀")
        try flow.restore(pushed)
        #expect(flow.state == pushed)
        #expect(list.heard == [sheet])
        // Going back from the pushed screen later is no sheet's dismissal.
        try flow.apply(.back)
        #expect(flow.state.rendered() == "stack #1\n  meetings #2 ◀")
        #expect(list.heard == [sheet])
    }

    @Test func nothingIsHeardWhenThePresenterLeavesWithItsModal() throws {
        let flow = try Flow(
            .stack(.meetings, .record(1)).presenting(.endAlert, style: .alert),
            providers: MeetingApp.providers(clock: ManualClock()))
        let record = try #require(flow.destination(ElementID(3), as: RecordMeeting.self))
        try flow.restore(NavigationState<MeetingRoute>(.stack(.meetings)))
        #expect(record.heard.isEmpty)
        #expect(record.context.isRemoved)
    }

    @Test func theEndAlertClosedByDismissAllFromOutsideTheScreensResumesTheTimer() async throws {
        let clock = ManualClock()
        let harness = try FlowHarness(
            .stack(.meetings, .record(1)), providers: MeetingApp.providers(clock: clock), reporter: .silent)
        let record = try #require(harness.destination(RecordMeeting.self))
        try await harness.send(.end, to: RecordMeeting.self) {
            """
            stack
              meetings
              record(1)
                alert: endAlert ◀
            state of record(1)
              secondsElapsed: 0
              isTimerRunning: false
              transcript: ""
              isEnded: false
            """
        }
        try await harness.apply(.dismissAll) {
            """
            stack
              meetings
              record(1) ◀
            state of record(1)
              secondsElapsed: 0
              isTimerRunning: true
              transcript: ""
              isEnded: false
            """
        }
        try await harness.advance(clock, by: .seconds(1)) {
            """
            stack
              meetings
              record(1) ◀
            state of record(1)
              secondsElapsed: 1
              isTimerRunning: true
              transcript: ""
              isEnded: false
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(record.context.hasRunningStreams)
    }

    @Test func theAlertsCancelButtonIsADismissalItsPresenterHears() async throws {
        let flow = try Flow(.stack(.meetings, .record(1)), providers: MeetingApp.providers(clock: ManualClock()))
        let record = try #require(flow.focusedDestination(as: RecordMeeting.self))
        try record.send(.end)
        #expect(!record.screenState.isTimerRunning)
        let alert = try #require(flow.state.presentedChain.last?.modal)
        try flow.tapAlertButton(1, of: alert)
        #expect(record.screenState.isTimerRunning)
    }

    @Test func anAlertsButtonIsHeardAsTheAlertClosesThenItsForwardedEventArrives() async throws {
        let clock = ManualClock()
        let harness = try FlowHarness(
            .stack(.meetings, .record(1)), providers: MeetingApp.providers(clock: clock), reporter: .silent)
        let record = try #require(harness.destination(RecordMeeting.self))
        try await harness.send(.end, to: RecordMeeting.self) {
            """
            stack
              meetings
              record(1)
                alert: endAlert ◀
            state of record(1)
              secondsElapsed: 0
              isTimerRunning: false
              transcript: ""
              isEnded: false
            """
        }
        try await harness.tapAlertButton(labeled: "End") {
            """
            stack
              meetings
              record(1) ◀
            state of record(1)
              secondsElapsed: 0
              isTimerRunning: false
              transcript: ""
              isEnded: true
            """
        }
        try await harness.advance(clock, by: .seconds(3))
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(record.heard.map(\.route) == [.endAlert])
        #expect(!record.context.hasRunningStreams)
    }

    @Test func aContainerThatPresentedTellsTheScreenItShows() throws {
        let flow = try Flow(.stack(.meetings), providers: MeetingApp.providers(clock: ManualClock()))
        let list = try #require(flow.focusedDestination(as: MeetingsList.self))
        try flow.apply(.present(.screen(.addMeeting), style: .sheet), from: ElementID(1))
        try flow.apply(.dismissAll)
        #expect(list.heard.map(\.presenter) == [ElementID(1)])
        #expect(list.heard.map(\.route) == [.addMeeting])
    }
}
