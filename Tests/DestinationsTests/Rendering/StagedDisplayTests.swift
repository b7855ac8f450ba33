import Testing

@testable import Destinations

/// The display state of a SwiftUI renderer: frozen during a change, live when one update
/// reaches the flow's state, staged one modal transition at a time otherwise, each transition
/// waited for by report, settle time or timeout. Time is passed in: no test sleeps.
@MainActor
@Suite struct StagedDisplayTests {
    let t0 = ContinuousClock.now
    let timing = StageTiming()

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { t0 + .milliseconds(milliseconds) }

    @Test func aPushGoesLiveAtOnce() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(showing: flow.state)
        display.freeze()
        #expect(display.state == flow.state)
        try flow.apply(.push(.detail(1)))
        let changed = display.advance(toward: flow.state, at: t0)
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
        display.advance(toward: flow.state, at: t0)
        #expect(display.state?.presentedChain.isEmpty == true)
        #expect(display.isTransitioning)
        // Waiting: a second change is planned only once the transition ended.
        let changedWhileWaiting = display.advance(toward: flow.state, at: at(100))
        #expect(!changedWhileWaiting)
        display.endTransition()
        display.advance(toward: flow.state, at: at(100))
        #expect(display.state == nil)
        #expect(display.shown == flow.state)
    }

    @Test func anAcknowledgedPopShowsAtOnceAndMatchesTheFlow() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.path([.push(.list), .push(.detail(1))]))
        var display = StagedDisplay(showing: flow.state)
        let stack = flow.state.root
        let report = try #require(
            try UserAction.stack(stack.id, showing: [stack.stack!.elements[0].id], in: flow.state))
        display.acknowledge(report, leaving: false, at: t0)
        #expect(display.state?.root.stack?.count == 1)
        #expect(!display.isTransitioning)
        try flow.apply(report)
        display.freeze()
        display.advance(toward: flow.state, at: t0)
        #expect(display.state == nil)
        #expect(display.shown == flow.state)
    }

    @Test func aTappedAlertWaitsForItsExitButNotForTheTimeout() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.first?.modal)
        var display = StagedDisplay(showing: flow.state)
        display.acknowledge(.dismissed(modal: alert), leaving: true, at: t0)
        #expect(display.state?.presentedChain.isEmpty == true)
        try flow.apply(.dismissed(modal: alert))
        try flow.apply(.sheet(.editor))
        #expect(display.wakeUp == t0 + timing.unreportedSettle)
        #expect(timing.unreportedSettle < timing.timeout)
        let changedWhileLeaving = display.advance(
            toward: flow.state, at: t0 + timing.unreportedSettle - .milliseconds(1))
        #expect(!changedWhileLeaving)
        #expect(display.state?.presentedChain.isEmpty == true)
        display.advance(toward: flow.state, at: t0 + timing.unreportedSettle)
        #expect(display.shown == flow.state)
    }

    @Test func aFirstStateWithNestedModalsIsShownFromItsContainers() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.path([.sheetStack(.editor), .alert(.confirm)]))
        let initial = flow.state
        var display = StagedDisplay(showing: initial.truncatingChain(at: 0))
        display.freeze()
        var counts: [Int] = [display.shown.presentedChain.count]
        var now = t0
        while display.state != nil {
            display.advance(toward: initial, at: now)
            counts.append(display.shown.presentedChain.count)
            now = display.wakeUp ?? now
        }
        #expect(counts == [0, 1, 2])
        #expect(display.shown == initial)
    }

    /// The review's case: a sheet's content appears as its transition starts, so an alert on
    /// it must wait for the settle delay, not for the appearance alone.
    @Test func aPresentationStageEndsAtItsAppearanceOnlyOnceTheSettleDelayPassed() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.path([.sheet(.editor), .alert(.confirm)]))
        display.advance(toward: flow.state, at: t0)
        let sheet = try #require(display.shown.presentedChain.last)
        #expect(display.shown.presentedChain.count == 1)
        let result1 = display.report(.appeared(modal: sheet.modal), at: at(50))
        #expect(result1)
        let result2 = display.advance(toward: flow.state, at: at(50))
        #expect(!result2)
        #expect(display.wakeUp == t0 + timing.presentationSettle)
        let result3 = display.advance(toward: flow.state, at: t0 + timing.presentationSettle - .milliseconds(1))
        #expect(!result3)
        let result4 = display.advance(toward: flow.state, at: t0 + timing.presentationSettle)
        #expect(result4)
        #expect(display.shown == flow.state)
    }

    @Test func aPresentationThatReportsLateEndsAtItsReport() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(
            showing: flow.state, timing: StageTiming(presentationSettle: .milliseconds(300), timeout: .seconds(2)))
        try flow.apply(.path([.sheet(.editor), .alert(.confirm)]))
        display.advance(toward: flow.state, at: t0)
        let sheet = try #require(display.shown.presentedChain.last)
        let result5 = display.advance(toward: flow.state, at: at(900))
        #expect(!result5)
        display.report(.appeared(modal: sheet.modal), at: at(900))
        let result6 = display.advance(toward: flow.state, at: at(900))
        #expect(result6)
        #expect(display.shown == flow.state)
    }

    @Test func aPresentationThatNeverReportsEndsAtTheTimeout() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.path([.sheet(.editor), .alert(.confirm)]))
        display.advance(toward: flow.state, at: t0)
        #expect(display.wakeUp == t0 + timing.timeout)
        let result7 = display.advance(toward: flow.state, at: t0 + timing.timeout - .milliseconds(1))
        #expect(!result7)
        let result8 = display.advance(toward: flow.state, at: t0 + timing.timeout)
        #expect(result8)
        #expect(display.shown == flow.state)
    }

    /// A sheet shown in one update still makes the next modal change wait: an alert asked for
    /// while the sheet rises would be dropped.
    @Test func aLivePresentationMakesTheNextModalChangeWait() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.sheet(.editor))
        display.advance(toward: flow.state, at: t0)
        #expect(display.state == nil)
        let sheet = try #require(display.shown.presentedChain.first)
        #expect(display.transition?.kind == .presentation(sheet))
        try flow.apply(.alert(.confirm))
        let result9 = display.advance(toward: flow.state, at: at(10))
        #expect(!result9)
        display.report(.appeared(modal: sheet.modal), at: at(20))
        let result10 = display.advance(toward: flow.state, at: t0 + timing.presentationSettle)
        #expect(result10)
        #expect(display.shown == flow.state)
    }

    /// A late `onDismiss` of an earlier sheet of the same presenter does not end the
    /// dismissal of a later one.
    @Test func aLateDismissalReportOfAnEarlierSheetDoesNotEndALaterOnesDismissal() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.sheet(.editor))
        let first = try #require(flow.state.presentedChain.first)
        try flow.apply(.dismiss)
        try flow.apply(.sheet(.about))
        let second = try #require(flow.state.presentedChain.first)
        #expect(first.presenter == second.presenter)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.dismiss)
        display.advance(toward: flow.state, at: t0)
        #expect(display.transition?.kind == .dismissal(second))
        let late = display.report(.dismissed(presenter: first.presenter, modal: first.modal), at: at(10))
        #expect(!late)
        #expect(display.wakeUp == t0 + timing.timeout)
        let right = display.report(.dismissed(presenter: second.presenter, modal: second.modal), at: at(20))
        #expect(right)
        #expect(display.wakeUp == at(20))
    }

    /// A SwiftUI part inside a sheet that another renderer presents stages its own modals
    /// only: the sheet around it is no stage of its, and nothing waits for its report.
    @Test func aSubtreeStagesOnlyTheModalsPresentedInsideIt() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheetStack(.editor))
        let editor = try #require(flow.state.presentedChain.first?.modal)
        try flow.apply(.alert(.confirm))
        let whole = flow.state.presentedChain
        #expect(whole.count == 2)
        let subtree = try #require(flow.state.subtree(at: editor))
        #expect(subtree.root == flow.state.node(editor))
        #expect(subtree.presentedChain == [whole[1]])
        #expect(flow.state.subtree(at: ElementID(999)) == nil)
        var display = StagedDisplay(showing: subtree.truncatingChain(at: 0))
        display.advance(toward: subtree, at: t0)
        #expect(display.shown == subtree)
        #expect(display.transition?.kind == .presentation(whole[1]))
    }

    /// Signing out while a sheet is up: the new root takes the sheet away in one update, and a
    /// sheet the sign-in root presents at once waits until the old one has left, without a
    /// report from the old sheet's presenter, whose view is gone.
    @Test func aRootReplacedUnderASheetMakesTheNextPresentationWaitForTheSheetToLeave() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.sheet(.editor))
        let sheet = try #require(flow.state.presentedChain.first)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.replaceRoot(.stack(.login)))
        display.advance(toward: flow.state, at: t0)
        #expect(display.state == nil)
        #expect(display.transition?.kind == .removal(sheet))
        #expect(display.transition?.expects == nil)
        try flow.apply(.sheet(.about))
        let presentedWhileLeaving = display.advance(toward: flow.state, at: at(50))
        #expect(!presentedWhileLeaving)
        #expect(display.wakeUp == t0 + timing.unreportedSettle)
        let presented = display.advance(toward: flow.state, at: t0 + timing.unreportedSettle)
        #expect(presented)
        #expect(display.shown == flow.state)
    }

    /// A sheet whose presenter is popped in the same update leaves with it: nothing will report
    /// its dismissal, so it waits the short settle, not for a report, nor the timeout.
    @Test func aSheetPoppedAwayWithItsPresenterIsARemoval() throws {
        let flow = try makeFlow(.stack(.home, .list))
        try flow.apply(.sheet(.editor))
        let sheet = try #require(flow.state.presentedChain.first)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.path([.dismiss, .back]))
        display.advance(toward: flow.state, at: t0)
        #expect(!flow.state.contains(sheet.presenter))
        #expect(display.transition?.kind == .removal(sheet))
        #expect(display.transition?.expects == nil)
        #expect(display.wakeUp == t0 + timing.unreportedSettle)
        // A sheet dismissed from a presenter that stays is still a dismissal with its report.
        try flow.apply(.sheet(.editor))
        let second = try #require(flow.state.presentedChain.first)
        var kept = StagedDisplay(showing: flow.state)
        try flow.apply(.dismiss)
        kept.advance(toward: flow.state, at: t0)
        #expect(kept.transition?.kind == .dismissal(second))
    }

    /// A sheet moved to another detent changes in place: nothing is dismissed, nothing waits,
    /// and an alert asked for just after shows at once.
    @Test func aDetentChangeIsNeitherADismissalNorATransition() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheet(.editor, SheetOptions(detents: [.medium, .large])))
        var display = StagedDisplay(showing: flow.state)
        let sheet = try #require(flow.state.presentedChain.first)
        try flow.apply(UserAction.movedSheet(to: .large, modal: sheet.modal))
        #expect(flow.state.renderStages(from: display.shown) == [flow.state])
        let moved = display.advance(toward: flow.state, at: t0)
        #expect(moved)
        #expect(display.shown == flow.state)
        #expect(display.transition == nil)
        try flow.apply(.alert(.confirm))
        let alertShown = display.advance(toward: flow.state, at: at(100))
        #expect(alertShown)
        #expect(display.shown == flow.state)
    }

    /// A detent change while a sheet rises shows at once; the rise still holds the next modal.
    @Test func aDetentChangeDuringAPresentationDoesNotWait() throws {
        let flow = try makeFlow(.stack(.home))
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.sheet(.editor, SheetOptions(detents: [.medium, .large])))
        display.advance(toward: flow.state, at: t0)
        let sheet = try #require(flow.state.presentedChain.first)
        try flow.apply(UserAction.movedSheet(to: .large, modal: sheet.modal))
        let moved = display.advance(toward: flow.state, at: at(10))
        #expect(moved)
        #expect(display.shown == flow.state)
        #expect(display.transition?.kind == .presentation(sheet))
    }

    /// Zero settle times still keep two stages out of the same instant.
    @Test func zeroSettleTimesNeverShowTwoStagesAtOnce() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.alert(.confirm))
        let zero = StageTiming(presentationSettle: .zero, unreportedSettle: .zero, timeout: .zero)
        var display = StagedDisplay(showing: flow.state, timing: zero)
        try flow.apply(.path([.dismiss, .sheet(.editor)]))
        display.advance(toward: flow.state, at: t0)
        #expect(display.shown.presentedChain.isEmpty)
        let again = display.advance(toward: flow.state, at: t0)
        #expect(!again)
        let next = display.advance(toward: flow.state, at: at(1))
        #expect(next)
        #expect(display.shown == flow.state)
    }

    @Test func aPushDuringAPresentationDoesNotWait() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.sheetStack(.editor))
        display.advance(toward: flow.state, at: t0)
        try flow.apply(.push(.detail(1)))
        let result11 = display.advance(toward: flow.state, at: at(10))
        #expect(result11)
        #expect(display.shown == flow.state)
        // The sheet's transition still holds the next modal change.
        #expect(display.isTransitioning)
    }

    @Test func aReportOfAnEarlierStageIsIgnored() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.sheet(.editor))
        let oldSheet = try #require(flow.state.presentedChain.first)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.path([.dismiss, .fullScreenCover(.login)]))
        display.advance(toward: flow.state, at: t0)
        #expect(display.transition?.kind == .dismissal(oldSheet))
        // The old sheet's content appearing late is not the dismissal this stage waits for.
        let result12 = display.report(.appeared(modal: oldSheet.modal), at: at(10))
        #expect(!result12)
        let result13 = display.report(.dismissed(presenter: oldSheet.modal, modal: oldSheet.modal), at: at(10))
        #expect(!result13)
        let result14 = display.advance(toward: flow.state, at: at(10))
        #expect(!result14)
        let result15 = display.report(.dismissed(presenter: oldSheet.presenter, modal: oldSheet.modal), at: at(20))
        #expect(result15)
        let result16 = display.advance(toward: flow.state, at: at(20))
        #expect(result16)
        let cover = try #require(display.shown.presentedChain.first)
        #expect(cover.style == .fullScreenCover)
        // A second report of the same dismissal does not end the cover's presentation.
        let result17 = display.report(.dismissed(presenter: oldSheet.presenter, modal: oldSheet.modal), at: at(30))
        #expect(!result17)
        #expect(display.transition?.kind == .presentation(cover))
    }

    /// A restore shows all its stages without animation, even when a newer animated target
    /// arrives while they run; the change after it animates again.
    @Test func aRestoreStaysUnanimatedThroughItsStages() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.path([.sheetStack(.editor), .alert(.confirm)]))
        display.advance(toward: flow.state, animated: false, at: t0)
        #expect(!display.animates)
        #expect(display.state != nil)
        try flow.apply(.dismiss)
        var now = t0
        while display.state != nil {
            now = display.wakeUp ?? now
            display.advance(toward: flow.state, animated: true, at: now)
            #expect(!display.animates)
        }
        #expect(display.shown == flow.state)
        try flow.apply(.dismiss)
        display.advance(toward: flow.state, at: display.wakeUp ?? now)
        #expect(display.animates)
    }

    @Test func anUnanimatedChangeInOneUpdateDoesNotMakeTheNextOneUnanimated() throws {
        let flow = try makeFlow(threeTabs)
        var display = StagedDisplay(showing: flow.state)
        try flow.apply(.push(.detail(1)))
        display.advance(toward: flow.state, animated: false, at: t0)
        #expect(!display.animates)
        try flow.apply(.push(.list))
        display.advance(toward: flow.state, at: t0)
        #expect(display.animates)
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
            var now = t0
            for _ in 0..<20 {
                let count = 1 + Int(random.next() % 3)
                let path = (0..<count).map { _ in RandomStates.presentation(&random, in: current) }
                guard let target = try? current.applying(.path(path)), !target.routes.contains(.failing) else {
                    continue
                }
                display.freeze()
                var previous = display.shown
                var rounds = 0
                while rounds < 20 {
                    rounds += 1
                    // Just before the transition under way ends, no modal change shows.
                    if let wakeUp = display.wakeUp, wakeUp > now {
                        let before = display.shown
                        display.advance(toward: target, at: wakeUp - .milliseconds(1))
                        if RenderWalkTests.modalTransitions(from: before, to: display.shown) > 0 {
                            problems.append("seed \(seed): a modal change before the transition under way ended")
                        }
                        previous = display.shown
                    }
                    now = display.wakeUp ?? now
                    display.advance(toward: target, at: now)
                    let transitions = RenderWalkTests.modalTransitions(from: previous, to: display.shown)
                    if transitions > 1 { problems.append("seed \(seed): \(transitions) transitions in one stage") }
                    if transitions > 0, display.transition?.started != now {
                        problems.append("seed \(seed): a modal change started no transition")
                    }
                    previous = display.shown
                    guard display.state != nil else { break }
                    staged += 1
                }
                if display.state != nil || display.shown != target {
                    problems.append("seed \(seed): did not end live on the target")
                }
                current = target
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.first ?? "")")
        #expect(staged > 50)
    }

    /// Random targets, reports (right, stale and made up), the user's own changes (also during
    /// transitions) and clock ticks, interleaved: what shows is always the newest target or a
    /// stage toward it from what showed before, one modal transition at a time; a user's change
    /// shows at once; reports that do not name the transition under way change nothing; and
    /// once the changes stop, the display converges on the newest target. Every modal change
    /// starts a transition, and none shows while one is under way (as of the last report).
    @Test func interleavedTargetsAndReportsConvergeOnTheNewestTarget() throws {
        var problems: [String] = []
        var failingSeeds: [Int] = []
        var stats = (staleIgnored: 0, rightReports: 0, targetsMidStaging: 0, userMidTransition: 0)
        for seed in 0..<200 {
            var random = SeededRandom(seed: UInt64(seed) &+ 90_000)
            var target = RandomStates.state(&random)
            var display = StagedDisplay(showing: target)
            var now = t0
            var earlier: [StageTransition.Report] = []
            /// Advances at `now`, noting whether a transition was under way just before.
            func advance(_ label: String, from previous: NavigationState<TestRoute>) {
                let waiting = display.transition.map { now < $0.end(timing) } ?? false
                display.advance(toward: target, at: now)
                let modalChanges = RenderWalkTests.modalTransitions(from: previous, to: display.shown)
                if waiting, modalChanges > 0 {
                    problems.append("seed \(seed) \(label): a modal change while a transition was under way")
                }
                if modalChanges > 0, display.transition?.started != now {
                    problems.append("seed \(seed) \(label): a modal change started no transition")
                    if failingSeeds.count < 8 { failingSeeds.append(seed) }
                }
                check(label, from: previous)
            }
            func check(_ label: String, from previous: NavigationState<TestRoute>) {
                guard display.shown != previous else { return }
                let stages = target.renderStages(from: previous)
                if display.shown != target, display.shown != stages.first {
                    problems.append("seed \(seed) \(label): shows neither the target nor its next stage")
                }
                if RenderWalkTests.modalTransitions(from: previous, to: display.shown) > 1 {
                    problems.append("seed \(seed) \(label): more than one modal transition at once")
                }
                if display.state == nil, display.shown != target {
                    problems.append("seed \(seed) \(label): live on a stale target")
                }
            }
            for _ in 0..<60 {
                let previous = display.shown
                switch random.next() % 7 {
                case 0, 1:
                    let count = 1 + Int(random.next() % 3)
                    let path = (0..<count).map { _ in RandomStates.presentation(&random, in: target) }
                    guard let next = try? target.applying(.path(path)), !next.routes.contains(.failing) else {
                        continue
                    }
                    if display.state != nil { stats.targetsMidStaging += 1 }
                    target = next
                    advance("new target", from: previous)
                case 2:
                    // The report the transition under way waits for, if any.
                    if let expected = display.transition?.expects, display.transition?.reportedAt == nil {
                        earlier.append(expected)
                        if display.report(expected, at: now) { stats.rightReports += 1 }
                    }
                    advance("report", from: previous)
                case 3:
                    // A stale report, or one naming a random element: ignored.
                    let ids = (display.shown.nodes + target.nodes).map(\.id)
                    let report =
                        !earlier.isEmpty && random.chance(0.5)
                        ? random.pick(earlier)
                        : random.chance(0.5)
                            ? .appeared(modal: random.pick(ids))
                            : .dismissed(presenter: random.pick(ids), modal: random.pick(ids))
                    guard report != display.transition?.expects else { continue }
                    let before = display.transition
                    if display.report(report, at: now) {
                        problems.append("seed \(seed): accepted a report it does not wait for")
                    }
                    if display.transition != before {
                        problems.append("seed \(seed): a stale report changed the transition")
                    }
                    stats.staleIgnored += 1
                    if display.shown != previous { problems.append("seed \(seed): a report changed what shows") }
                    advance("stale report", from: previous)
                case 4:
                    // The user swipes the outermost shown modal away or pops a shown stack to
                    // its root, possibly during a transition; the flow accepts it.
                    let action: UserAction<TestRoute>
                    let shownModals = display.shown.presentedChain.filter { target.presentedChain.contains($0) }
                    if let modal = shownModals.last, random.chance(0.5) {
                        action = .dismissed(modal: modal.modal)
                    } else if let stack = display.shown.nodes.first(where: {
                        ($0.stack?.count ?? 0) > 1 && target.node($0.id) == $0
                    }),
                        let root = stack.stack?.elements.first
                    {
                        action = .popped(stack: stack.id, to: root.id)
                    } else {
                        continue
                    }
                    if display.isTransitioning { stats.userMidTransition += 1 }
                    let expected = display.shown.acknowledging(action)
                    display.acknowledge(
                        action, leaving: { if case .dismissed = action { true } else { false } }(), at: now)
                    if display.shown != expected {
                        problems.append("seed \(seed): an acknowledged action does not show at once")
                    }
                    target = target.acknowledging(action)
                    let acknowledged = display.shown
                    advance("user action", from: acknowledged)
                default:
                    now += .milliseconds(Int(random.next() % 400))
                    advance("tick", from: previous)
                }
            }
            // No more changes: ticking to each wake-up reaches the newest target, live.
            for _ in 0..<20 where display.state != nil || display.shown != target {
                let previous = display.shown
                now = display.wakeUp ?? now
                advance("settling", from: previous)
            }
            if display.state != nil || display.shown != target {
                problems.append("seed \(seed): did not converge on the newest target")
            }
        }
        #expect(
            problems.isEmpty, "\(problems.count) problems (seeds \(failingSeeds)...); first: \(problems.first ?? "")")
        #expect(stats.staleIgnored > 500)
        #expect(stats.rightReports > 100)
        #expect(stats.targetsMidStaging > 30)
        #expect(stats.userMidTransition > 100)
    }
}
