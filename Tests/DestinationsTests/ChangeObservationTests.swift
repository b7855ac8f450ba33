import Destinations
import Observation
import Testing

/// `Flow.observeChanges`: a synchronous announcement of each change, with its cause, before the
/// state changes; registering it tracks nothing in the caller's observation scope.
@MainActor
@Suite struct ChangeObservationTests {
    @Test func aChangeIsAnnouncedWithItsCauseBeforeTheStateChanges() throws {
        let flow = try makeFlow(threeTabs)
        var seen: [(cause: FlowEvent<TestRoute>.Cause, focused: ElementID)] = []
        let observation = flow.observeChanges { cause in seen.append((cause, flow.state.focusedScreen.id)) }
        let before = flow.state.focusedScreen.id
        try flow.apply(.push(.list))
        #expect(seen.count == 1)
        #expect(seen.first?.cause == .presentation(.push(.list), from: nil))
        #expect(seen.first?.focused == before)
        #expect(flow.state.focusedScreen.id != before)
        _ = observation
    }

    @Test func aRestoreIsAnnouncedAsARestore() throws {
        let flow = try makeFlow(threeTabs)
        let saved = flow.state
        try flow.apply(.push(.list))
        var causes: [FlowEvent<TestRoute>.Cause] = []
        let observation = flow.observeChanges { causes.append($0) }
        try flow.restore(saved)
        #expect(causes == [.restore])
        _ = observation
    }

    @Test func aChangeThatChangesNothingIsNotAnnounced() throws {
        let flow = try makeFlow(threeTabs)
        var count = 0
        let observation = flow.observeChanges { _ in count += 1 }
        try flow.restore(flow.state)
        #expect(count == 0)
        _ = observation
    }

    @Test func aCancelledOrReleasedObservationHearsNothing() throws {
        let flow = try makeFlow(threeTabs)
        var cancelledCount = 0, releasedCount = 0
        let cancelled = flow.observeChanges { _ in cancelledCount += 1 }
        var released: FlowChangeObservation? = flow.observeChanges { _ in releasedCount += 1 }
        try flow.apply(.push(.list))
        cancelled.cancel()
        released = nil
        try flow.apply(.push(.about))
        #expect(cancelledCount == 1)
        #expect(releasedCount == 1)
        #expect(released == nil)
    }

    @Test func registeringTracksNothingInTheCallersObservationScope() throws {
        let flow = try makeFlow(threeTabs)
        let outerFired = Flag()
        var observation: FlowChangeObservation?
        withObservationTracking {
            observation = flow.observeChanges { _ in }
        } onChange: {
            outerFired.raise()
        }
        try flow.apply(.push(.list))
        #expect(!outerFired.isRaised)
        #expect(observation != nil)
    }

    @Test func theUntrackedStateIsTheStateAndTracksNothing() throws {
        let flow = try makeFlow(threeTabs)
        let fired = Flag()
        var read: NavigationState<TestRoute>?
        withObservationTracking {
            read = flow.untrackedState
        } onChange: {
            fired.raise()
        }
        #expect(read == flow.state)
        try flow.apply(.push(.list))
        #expect(!fired.isRaised)
    }
}
