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
        var cancelledCount = 0
        var releasedCount = 0
        let cancelled = flow.observeChanges { _ in cancelledCount += 1 }
        var released: FlowChangeObservation? = flow.observeChanges { _ in releasedCount += 1 }
        weak let weakReleased = released
        try flow.apply(.push(.list))
        cancelled.cancel()
        released = nil
        #expect(weakReleased == nil, "the flow keeps the registration alive")
        try flow.apply(.push(.about))
        #expect(cancelledCount == 1)
        #expect(releasedCount == 1)
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
        observation?.cancel()
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

    @Test func duringTheAnnouncementEveryLookupDescribesTheOldState() throws {
        let flow = try makeFlow(.stack(.home, .list))
        let old = flow.state
        let oldTop = try #require(old.root.stack?.elements.last?.id)
        var oldTopRoute: TestRoute?
        var oldTopContained = false
        var stateWasOld = false
        var lookupsOfNewIDs: [ElementID: Bool] = [:]
        let observation = flow.observeChanges { _ in
            stateWasOld = flow.state == old
            oldTopRoute = flow.node(oldTop)?.route
            oldTopContained = flow.contains(oldTop)
            // The ids the change may use are all above the old state's largest.
            for raw in (old.maxID.rawValue + 1)...(old.maxID.rawValue + 4) {
                let id = ElementID(raw)
                lookupsOfNewIDs[id] = flow.node(id) != nil || flow.contains(id)
            }
        }
        try flow.apply(.replaceCurrent(.about))
        #expect(stateWasOld)
        #expect(oldTopRoute == .list)
        #expect(oldTopContained)
        #expect(lookupsOfNewIDs.count == 4)
        #expect(lookupsOfNewIDs.values.allSatisfy { !$0 }, "an id of the new state was found in the old one")
        // And afterwards the lookups describe the new state.
        let newTop = try #require(flow.state.root.stack?.elements.last?.id)
        #expect(flow.node(newTop)?.route == .about)
        #expect(!flow.contains(oldTop))
        observation.cancel()
    }

    @Test func aReplacedStateIsAnnouncedWhileLookupsDescribeTheOldOne() throws {
        let flow = try makeFlow(.stack(.home, .list))
        let old = flow.state
        let oldTop = try #require(old.root.stack?.elements.last?.id)
        let replacement = try old.applying(.replaceCurrent(.about))
        var oldTopRoute: TestRoute?
        let observation = flow.observeChanges { _ in oldTopRoute = flow.node(oldTop)?.route }
        try flow.restore(replacement)
        #expect(oldTopRoute == .list)
        observation.cancel()
    }

    @Test func aChangeRequestedByTheHandlerRunsAfterTheAnnouncedOneAndIsAnnouncedInTurn() throws {
        let flow = try makeFlow(.stack(.home))
        var causes: [FlowEvent<TestRoute>.Cause] = []
        var stackCountsSeen: [Int] = []
        var requested = false
        let observation = flow.observeChanges { cause in
            causes.append(cause)
            stackCountsSeen.append(flow.state.root.stack?.count ?? -1)
            guard !requested else { return }
            requested = true
            #expect(throws: Never.self) { try flow.apply(.push(.about)) }
            // Not yet: the announced change is still to be committed.
            #expect(flow.state.root.stack?.count == 1)
        }
        try flow.apply(.push(.list))
        #expect(flow.state.routes == [.home, .list, .about])
        #expect(causes == [.presentation(.push(.list), from: nil), .presentation(.push(.about), from: nil)])
        #expect(stackCountsSeen == [1, 2])
        observation.cancel()
    }

    @Test func aRefusedChangeRequestedByTheHandlerGoesToOnRefusal() throws {
        let flow = try makeFlow(.stack(.home))
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        var requested = false
        let observation = flow.observeChanges { _ in
            guard !requested else { return }
            requested = true
            // Nothing is presented: there is nothing to dismiss.
            _ = try? flow.apply(.dismissPresented)
        }
        try flow.apply(.push(.list))
        #expect(flow.state.routes == [.home, .list])
        #expect(refusals.count == 1)
        observation.cancel()
    }

    @Test func cancellingAndRegisteringDuringAnAnnouncementTakeEffectAsDocumented() throws {
        let flow = try makeFlow(.stack(.home))
        var first = 0
        var second = 0
        var late = 0
        var secondObservation: FlowChangeObservation?
        var lateObservation: FlowChangeObservation?
        var firstObservation: FlowChangeObservation?
        firstObservation = flow.observeChanges { _ in
            first += 1
            firstObservation?.cancel()
            // Registered after `first`, so later in the same announcement: cancelled before its turn.
            secondObservation?.cancel()
            lateObservation = flow.observeChanges { _ in late += 1 }
        }
        secondObservation = flow.observeChanges { _ in second += 1 }
        try flow.apply(.push(.list))
        #expect((first, second, late) == (1, 0, 0))
        try flow.apply(.push(.about))
        #expect((first, second, late) == (1, 0, 1))
        lateObservation?.cancel()
    }

    @Test func aFlowReleasedByItsHandlerFinishesTheChange() throws {
        var flow: Flow<TestRoute>? = try makeFlow(.stack(.home))
        weak let weakFlow = flow
        var count = 0
        let observation = flow!.observeChanges { _ in
            count += 1
            flow = nil
        }
        try weakFlow?.apply(.push(.list))
        #expect(count == 1)
        #expect(weakFlow == nil, "the flow outlived its last reference")
        observation.cancel()
    }
}
