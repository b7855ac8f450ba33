@testable import Destinations
import Testing

/// The display state of a SwiftUI renderer: frozen during a change, live when one update
/// reaches the flow's state, staged one modal transition at a time otherwise.
@MainActor
@Suite struct StagedDisplayTests {
    @Test func aPushGoesLiveAtOnce() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(showing: flow.state)
        display.freeze()
        #expect(display.state == flow.state)
        try flow.apply(.push(.detail(1)))
        let changed = display.advance(toward: flow.state)
        #expect(changed)
        #expect(display.state == nil)
        #expect(display.shown == flow.state)
        #expect(!display.isTransitioning)
    }

    @Test func anAlertReplacedByASheetIsShownInTwoStages() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.alert(.confirm))
        var display = StagedDisplay(showing: flow.state)
        display.freeze()
        try flow.apply(.path([.dismiss, .sheet(.editor)]))
        display.advance(toward: flow.state)
        #expect(display.state?.presentedChain.isEmpty == true)
        #expect(display.isTransitioning)
        // Waiting: a second change is planned only once the transition ended.
        let changedWhileWaiting = display.advance(toward: flow.state)
        #expect(!changedWhileWaiting)
        display.endTransition()
        display.advance(toward: flow.state)
        #expect(display.state == nil)
        #expect(display.shown == flow.state)
    }

    @Test func anAcknowledgedPopShowsAtOnceAndMatchesTheFlow() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.path([.push(.list), .push(.detail(1))]))
        var display = StagedDisplay(showing: flow.state)
        let stack = flow.state.root
        let report = try #require(try UserAction.stack(stack.id, showing: [stack.stack!.elements[0].id], in: flow.state))
        display.acknowledge(report, leaving: false)
        #expect(display.state?.root.stack?.count == 1)
        try flow.apply(report)
        display.freeze()
        display.advance(toward: flow.state)
        #expect(display.state == nil)
        #expect(display.shown == flow.state)
    }

    @Test func aTappedAlertWaitsForItsExitBeforeTheNextModal() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.first?.modal)
        var display = StagedDisplay(showing: flow.state)
        display.acknowledge(.dismissed(modal: alert), leaving: true)
        #expect(display.state?.presentedChain.isEmpty == true)
        try flow.apply(.dismissed(modal: alert))
        try flow.apply(.sheet(.editor))
        display.freeze()
        let changedWhileLeaving = display.advance(toward: flow.state)
        #expect(!changedWhileLeaving)
        #expect(display.state?.presentedChain.isEmpty == true)
        display.endTransition()
        display.advance(toward: flow.state)
        #expect(display.shown == flow.state)
    }

    @Test func aFirstStateWithNestedModalsIsShownFromItsContainers() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.path([.sheetStack(.editor), .alert(.confirm)]))
        let initial = flow.state
        var display = StagedDisplay(showing: initial.truncatingChain(at: 0))
        display.freeze()
        var counts: [Int] = [display.shown.presentedChain.count]
        while display.state != nil {
            display.advance(toward: initial)
            counts.append(display.shown.presentedChain.count)
            display.endTransition()
        }
        #expect(counts == [0, 1, 2])
        #expect(display.shown == initial)
    }

    /// Random changes, each driven to its end: every stage is one modal transition from the
    /// one before, and the display ends live on the flow's state.
    @Test func randomChangesEndLiveOnTheTarget() throws {
        var problems: [String] = []
        var staged = 0
        for seed in 0..<150 {
            var random = SeededRandom(seed: UInt64(seed) &+ 40_000)
            var current = RandomStates.state(&random)
            var display = StagedDisplay(showing: current)
            for _ in 0..<20 {
                let count = 1 + Int(random.next() % 3)
                let path = (0..<count).map { _ in RandomStates.presentation(&random, in: current) }
                guard let target = try? current.applying(.path(path)), !target.routes.contains(.failing) else { continue }
                display.freeze()
                var previous = display.shown
                var rounds = 0
                while rounds < 20 {
                    rounds += 1
                    display.advance(toward: target)
                    let transitions = RenderWalkTests.modalTransitions(from: previous, to: display.shown)
                    if transitions > 1 { problems.append("seed \(seed): \(transitions) transitions in one stage") }
                    previous = display.shown
                    guard display.isTransitioning else { break }
                    staged += 1
                    display.endTransition()
                }
                if display.state != nil || display.shown != target { problems.append("seed \(seed): did not end live on the target") }
                current = target
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.first ?? "")")
        #expect(staged > 50)
    }
}
