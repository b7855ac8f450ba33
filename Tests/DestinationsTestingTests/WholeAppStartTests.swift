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

    /// The meeting app's providers, counting the list's builds and the interactors' hooks.
    final class Builds {
        var lists = 0
    }

    func countingProviders(_ builds: Builds, addSheet: Bool = true) -> Providers<MeetingRoute> {
        let base = MeetingApp.providers(clock: ManualClock())
        let list = Provider { (_: MeetingRoute) -> MeetingsList in
            builds.lists += 1
            return MeetingsList()
        } events: { events in
            events.on(.add, .present(.sheet(.addMeeting)))
            events.on(.record, .present(.push(.record(1))))
            events.on(.load, .perform { _ in })
        }
        return Providers { route in
            switch route {
            case .meetings: list
            case .addMeeting: addSheet ? base.provider(for: route) : nil
            default: base.provider(for: route)
            }
        }
    }

    @Test func aModalAGuardDeniesIsRefusedBeforeAnyDestinationIsBuilt() throws {
        let builds = Builds()
        let layout = Layout<MeetingRoute>.stack(.meetings).presenting(.addMeeting)
        var configuration = FlowConfiguration(layout: layout.base, providers: countingProviders(builds))
        configuration.guards = [
            NavigationGuard("noNewMeetings") { change in
                change.added.contains(.addMeeting) ? .deny(reason: "closed") : .allow
            }
        ]
        #expect(throws: NavigationError.guardDenied(guard: "noNewMeetings", route: "addMeeting", reason: "closed")) {
            try Flow(configuration, presenting: layout.modals)
        }
        #expect(builds.lists == 0)
        // Without the modal the same configuration starts, and builds the list once.
        _ = try Flow(configuration)
        #expect(builds.lists == 1)
    }

    @Test func aModalNoProviderBuildsIsRefusedBeforeAnyDestinationIsBuilt() throws {
        let builds = Builds()
        #expect(throws: NavigationError.noProvider(route: "addMeeting")) {
            try Flow(.stack(.meetings).presenting(.addMeeting), providers: countingProviders(builds, addSheet: false))
        }
        #expect(builds.lists == 0)
    }

    @Test func aModalThatCannotBePresentedBuildsNothing() throws {
        let builds = Builds()
        let layout = Layout<MeetingRoute>.stack(.meetings).presenting(.endAlert, style: .alert).presenting(.addMeeting)
        #expect(throws: NavigationError.self) { try Flow(layout, providers: countingProviders(builds)) }
        #expect(builds.lists == 0)
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

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aRandomWalkStartsOnTheModals(seed: UInt64) async {
        let walk = RandomWalk(.stack(.meetings).presenting(.addMeeting), steps: 30) {
            MeetingApp.providers(clock: ManualClock())
        }
        #expect(walk.modals.count == 1)
        let report = await walk.run(seed: seed)
        #expect(report.failure == nil, "\(report)")
        #expect(report.steps.count > 1)
        // The first step is one the sheet offers: one of its events, or swiping it down.
        let first = report.steps.first?.action
        let onTheSheet: Bool
        switch first {
        case .event(_, let route, _)?: onTheSheet = route == "addMeeting"
        case .gesture(.swipeDownSheet)?: onTheSheet = true
        default: onTheSheet = false
        }
        #expect(onTheSheet, "the walk began with \(first.map { "\($0)" } ?? "nothing")")
        // It walks on past the sheet: some later step acts on the list under it.
        #expect(
            report.steps.contains { step in
                if case .event(_, "meetings", _) = step.action { return true }
                return false
            }, "\(report.steps)")
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
