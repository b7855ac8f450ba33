import DestinationsTesting
import Foundation
import Testing

/// A start layout can include presented modals; flows, harnesses and walks start from one.
@MainActor
@Suite struct LayoutWithModalsTests {
    @Test func aFlowStartsOnTheModalsOfItsLayout() throws {
        let flow = try Flow(
            .stack(.meetings, .record(1)).presenting(.endAlert, style: .alert),
            providers: MeetingApp.providers(clock: ManualClock())
        )
        #expect(
            flow.state.rendered() == """
                stack #1
                  meetings #2
                  record(1) #3
                    alert: endAlert #4 ◀
                """)
        #expect(flow.focusedDestination(as: EndAlert.self) != nil)
        #expect(Set(flow.destinations.keys) == Set(flow.state.screens.map(\.id)))
    }

    @Test func aStateBuiltFromALayoutWithModalsIsTheFlowsFirstState() throws {
        let layout = Layout<MeetingRoute>.stack(.meetings).presenting(
            .screen(.addMeeting), style: .sheet(SheetOptions(detents: [.medium])))
        var ids = SequentialElementIDs()
        let state = try NavigationState(layout, ids: &ids)
        let flow = try Flow(layout, providers: MeetingApp.providers(clock: ManualClock()))
        #expect(state == flow.state)
    }

    @Test func aModalThatCannotBePresentedThereIsRefusedWithNoFlowMade() throws {
        let layout = Layout<MeetingRoute>.stack(.meetings).presenting(.endAlert, style: .alert).presenting(.addMeeting)
        #expect(throws: NavigationError.self) {
            try Flow(layout, providers: MeetingApp.providers(clock: ManualClock()))
        }
        var ids = SequentialElementIDs()
        #expect(throws: NavigationError.self) { try NavigationState(layout, ids: &ids) }
    }

    @Test func aHarnessBeginsOnTheAddSheet() async throws {
        let harness = try FlowHarness(
            .stack(.meetings).presenting(.addMeeting), providers: MeetingApp.providers(clock: ManualClock()),
            reporter: .silent)
        #expect(
            harness.transcript.entries.first?.state.hasPrefix(
                """
                stack #1
                  meetings #2
                    sheet: addMeeting #3 ◀
                """) == true)
        try await harness.send(.cancel, to: AddMeeting.self) {
            """
            stack
              meetings ◀
            state of meetings
              meetings: []
              dismissals: 1
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aRandomWalkStartsOnTheModals() async {
        let walk = RandomWalk(.stack(.meetings).presenting(.addMeeting), steps: 1) {
            MeetingApp.providers(clock: ManualClock())
        }
        #expect(walk.modals.count == 1)
        let report = await walk.run(seed: 1)
        #expect(report.failure == nil)
    }
}

/// Events a screen marks as its own are never walked as taps.
@MainActor
@Suite struct OwnEventsTests {
    @Test func theOwnEventsAreNamedForTools() {
        #expect(ownEventNames(of: MeetingsList()) == ["load"])
        #expect(ownEventNames(of: RecordMeeting()) == ["startTimer", "listen", "confirmEnd"])
        #expect(ownEventNames(of: AddMeeting()).isEmpty)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aRandomWalkNeverSendsAnOwnEvent(seed: UInt64) async {
        let walk = RandomWalk(.stack(.meetings), steps: 60) { MeetingApp.providers(clock: ManualClock()) }
        let report = await walk.run(seed: seed)
        #expect(report.failure == nil)
        let events = report.steps.compactMap { step -> String? in
            if case .event(let name, _, _) = step.action { return name }
            return nil
        }
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { !["load", "startTimer", "listen", "confirmEnd"].contains($0) })
    }
}
