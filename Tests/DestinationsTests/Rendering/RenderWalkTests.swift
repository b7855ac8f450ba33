import Foundation
import Testing

@testable import Destinations

/// Seeded random walks: a flow changes at random — presentations from random anchors, user
/// gestures reported through the `UserAction` helpers, states that arrive while transitions are
/// under way — and a ``RenderScheduler`` keeps a ``FakeWindow`` in step. Set
/// `DESTINATIONS_RENDER_WALKS` to run more seeds.
@MainActor
@Suite struct RenderWalkTests {
    static var seeds: Int {
        ProcessInfo.processInfo.environment["DESTINATIONS_RENDER_WALKS"].flatMap(Int.init) ?? 300
    }

    struct Outcome {
        var failedChecks = 0
        var first: String?
        /// What the walk exercised: steps run, states shown while a transition was under way,
        /// reports the flow accepted and refused, reports made while the window lagged.
        var steps = 0, midTransition = 0, accepted = 0, refused = 0, lagging = 0, restored = 0, opaque = 0

        mutating func fail(_ message: @autoclosure () -> String) {
            failedChecks += 1
            if first == nil { first = message() }
        }
    }

    @Test func randomWalksKeepAFakeUIKitWindowOnTheState() throws {
        var failedChecks = 0
        var failedSeeds = 0
        var first: String?
        var total = Outcome()
        for seed in 0..<Self.seeds {
            let outcome = try walk(seed: UInt64(seed), steps: 40)
            total.steps += outcome.steps
            total.midTransition += outcome.midTransition
            total.accepted += outcome.accepted
            total.refused += outcome.refused
            total.lagging += outcome.lagging
            total.restored += outcome.restored
            total.opaque += outcome.opaque
            if outcome.failedChecks > 0 {
                failedSeeds += 1
                failedChecks += outcome.failedChecks
                if first == nil { first = "seed \(seed): \(outcome.first ?? "")" }
            }
        }
        #expect(failedChecks == 0, "\(failedChecks) failed checks in \(failedSeeds) walks; first: \(first ?? "")")
        // The walks reach the cases they are for.
        #expect(total.steps > Self.seeds * 5)
        #expect(total.midTransition > Self.seeds / 2)
        #expect(total.accepted > Self.seeds / 2)
        #expect(total.refused > 0)
        #expect(total.lagging > 0)
        #expect(total.restored > 0)
        #expect(total.opaque > 0)
    }

    @Test func stagesAreOneModalTransitionApartAndEndOnTheTarget() throws {
        var problems: [String] = []
        for seed in 0..<200 {
            var random = SeededRandom(seed: UInt64(seed) &+ 10_000)
            var start = RandomStates.state(&random)
            for _ in 0..<30 {
                let count = 1 + Int(random.next() % 3)
                let path = (0..<count).map { _ in RandomStates.presentation(&random, in: start) }
                guard let target = try? start.applying(.path(path)), !target.routes.contains(.failing) else { continue }
                let stages = target.renderStages(from: start)
                if stages.last != target { problems.append("seed \(seed): the last stage is not the target") }
                var previous = start
                for stage in stages {
                    let transitions = Self.modalTransitions(from: previous, to: stage)
                    if transitions > 1 {
                        problems.append(
                            "seed \(seed): \(transitions) modal transitions between stages\n\(previous)\n→\n\(stage)")
                    }
                    previous = stage
                }
                if Self.modalTransitions(from: start, to: target) <= 1, stages != [target] {
                    problems.append("seed \(seed): a one-update change was staged in \(stages.count)")
                }
                start = target
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.first ?? "")")
    }

    @Test func thePresentedChainFollowsTheFocusPath() throws {
        for seed in 0..<300 {
            var random = SeededRandom(seed: UInt64(seed) &+ 20_000)
            let state = RandomStates.state(&random)
            #expect(state.presentedChain.map { $0.modal } == state.presentedModals.map { $0.node.id })
            #expect(state.presentedChain.map { $0.style } == state.presentedModals.map { $0.style })
        }
    }

    /// How many modals are presented or dismissed between two states.
    static func modalTransitions(from old: NavigationState<TestRoute>, to new: NavigationState<TestRoute>) -> Int {
        let before = old.presentedChain
        let after = new.presentedChain
        // A sheet whose options changed (another detent) changes in place: no transition.
        let kept = old.root.id == new.root.id ? before.keptCount(in: after) : 0
        return (before.count - kept) + (after.count - kept)
    }

    func walk(seed: UInt64, steps: Int) throws -> Outcome {
        var random = SeededRandom(seed: seed)
        var outcome = Outcome()
        let flow = try makeFlow(RandomStates.layout(&random))
        // Some walks leave one subtree to another renderer.
        // Some by id, some by a rule over the routes, which also marks elements made later.
        let candidates = Array(flow.state.nodes.dropFirst())
        var opaque = OpaqueSubtrees<TestRoute>.none
        if !candidates.isEmpty, random.chance(0.3) {
            let picked = random.pick(candidates)
            if random.chance(0.5), let route = picked.route ?? picked.stack?.elements.first?.route {
                opaque = .routes([route])
            } else {
                opaque = .ids([picked.id])
            }
            outcome.opaque += 1
        }
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window, opaque: opaque)
        let scheduler = RenderScheduler(host: host, opaque: opaque)
        host.scheduler = scheduler
        scheduler.show(flow.state, animated: false)
        var deferred = false
        var seenViolations = 0
        var seenRedundant = 0
        var trail: [String] = []

        func check(_ label: String) {
            if window.violations.count > seenViolations {
                for violation in window.violations[seenViolations...] {
                    outcome.fail("\(label): \(violation)\n\(trail.suffix(8).joined(separator: "\n"))")
                }
                seenViolations = window.violations.count
            }
            if host.redundant.count > seenRedundant {
                for step in host.redundant[seenRedundant...] {
                    outcome.fail("\(label): \(step) redone\n\(trail.suffix(8).joined(separator: "\n"))")
                }
                seenRedundant = host.redundant.count
            }
            guard window.isIdle else { return }
            if let rendered = scheduler.rendered, case let stale = host.staleRenderers(in: rendered), !stale.isEmpty {
                outcome.fail(
                    "\(label): \(stale) shown by the other renderer than the scheduler says\n\(trail.suffix(8).joined(separator: "\n"))"
                )
            }
            if let rendered = scheduler.rendered,
                window.projection != FakeWindow.projection(of: rendered, opaque: scheduler.settledOpaque)
            {
                outcome.fail(
                    "\(label): the window is not what the scheduler thinks it shows\n\(window.projection)\n---\n\(FakeWindow.projection(of: rendered, opaque: scheduler.settledOpaque))"
                )
            }
            guard scheduler.isIdle, !deferred else { return }
            if opaque.isEmpty, scheduler.rendered != flow.state {
                outcome.fail("\(label): idle, the scheduler's rendered state is not the flow's")
            }
            let expected = FakeWindow.projection(of: flow.state, opaque: scheduler.settledOpaque)
            if window.projection != expected {
                outcome.fail(
                    "\(label): idle window\n\(window.projection)\n--- state\n\(expected)\n\(trail.suffix(8).joined(separator: "\n"))"
                )
            }
        }

        func report(_ gesture: String, _ action: UserAction<TestRoute>?) {
            trail.append(gesture)
            if let action {
                if deferred { outcome.lagging += 1 }
                if scheduler.report(action, to: flow) == nil { outcome.accepted += 1 } else { outcome.refused += 1 }
                trail.append("report \(action)")
            } else {
                scheduler.show(flow.state)
            }
            deferred = false
        }

        for index in 0..<steps {
            switch random.next() % 10 {
            case 0 where random.chance(0.15):
                // A restored state, shown at once; its ids may name other elements than before.
                let saved =
                    random.chance(0.5)
                    ? RandomStates.state(&random)
                    : RandomStates.renumbered(RandomStates.state(&random), by: 1_000)
                do {
                    try flow.restore(saved)
                    trail.append("restore")
                    outcome.restored += 1
                } catch {}
                scheduler.show(flow.state, animated: false)
                deferred = false
            case 0, 1, 2, 3:
                let anchor = random.chance(1.0 / 6) ? random.pick(flow.state.nodes.map { $0.id }) : nil
                let change = RandomStates.presentation(&random, in: flow.state)
                do {
                    try flow.apply(change, from: anchor)
                    trail.append("apply \(change)")
                } catch {}
                if random.chance(0.75) {
                    if !window.isIdle { outcome.midTransition += 1 }
                    scheduler.show(flow.state)
                    deferred = false
                } else {
                    deferred = true
                }
            case 4, 5, 6:
                guard window.isIdle, let rendered = scheduler.rendered else { break }
                gesture(&random, window: window, flow: flow, rendered: rendered, report: report)
            default:
                if random.chance(0.5) { window.finishNext() } else { window.finishAll() }
            }
            check("step \(index)")
        }
        scheduler.show(flow.state)
        deferred = false
        window.finishAll()
        check("end")
        if !scheduler.isIdle { outcome.fail("end: the scheduler is not idle") }
        outcome.steps = host.performed.count
        let leftover = window.attachedIDs.symmetricDifference(host.ownIDs(of: flow.state))
        if !leftover.isEmpty { outcome.fail("end: controllers left over or missing: \(leftover.sorted())") }
        return outcome
    }

    enum Gesture {
        case pop(FakeWindow.Controller, toCount: Int)
        case swipeDown(FakeWindow.Controller)
        case tapAlertButton(FakeWindow.Controller, presentsNext: Bool)
        case tapTab(FakeWindow.Controller, index: Int, tab: TabID)
        case closeColumn(FakeWindow.Controller, SplitColumn, showing: ElementID)
    }

    /// One gesture on the top presentation context of the window, reported as an adapter would.
    func gesture(
        _ random: inout SeededRandom,
        window: FakeWindow,
        flow: Flow<TestRoute>,
        rendered: NavigationState<TestRoute>,
        report: (String, UserAction<TestRoute>?) -> Void
    ) {
        guard let top = window.levels.last else { return }
        var visible: [FakeWindow.Controller] = []
        func collect(_ controller: FakeWindow.Controller) {
            visible.append(controller)
            controller.visibleChildren.forEach(collect)
        }
        collect(top)
        var choices: [Gesture] = []
        for navigation in visible where navigation.kind == .navigation && navigation.children.count > 1 {
            choices.append(.pop(navigation, toCount: 1 + Int(random.next() % UInt64(navigation.children.count - 1))))
        }
        if top !== window.root, case .sheet(let options)? = top.style, !options.interactiveDismissDisabled {
            choices.append(.swipeDown(top))
        }
        if top !== window.root, let style = top.style, style.isOverlay {
            choices.append(.tapAlertButton(top, presentsNext: random.chance(0.5)))
        }
        for bar in visible where bar.children.count > 1 {
            guard case .tabBar(let tabs) = bar.kind else { continue }
            let index = (bar.selectedIndex + 1 + Int(random.next() % UInt64(tabs.count - 1))) % tabs.count
            choices.append(.tapTab(bar, index: index, tab: tabs[index]))
        }
        for split in visible {
            guard case .split(let order) = split.kind,
                let column = order.last(where: { $0 != .sidebar && split.columns[$0] != nil }),
                let shown = split.columns[column]
            else { continue }
            choices.append(.closeColumn(split, column, showing: shown.id))
        }
        guard !choices.isEmpty else { return }
        switch random.pick(choices) {
        case .pop(let navigation, let count):
            window.userPop(navigation, toCount: count)
            report(
                "user pops \(navigation.id) to \(count)",
                try? UserAction.stack(navigation.id, showing: navigation.children.map { $0.id }, in: rendered))
        case .swipeDown(let sheet):
            window.userDismiss(sheet)
            report("user swipes down \(sheet.id)", try? UserAction.dismissal(of: sheet.id, in: rendered))
        case .tapAlertButton(let alert, let presentsNext):
            // The platform closes the alert, then runs the button's handler, which may present
            // the next modal before the alert's dismissal is reported.
            window.userDismiss(alert)
            var label = "user taps a button of \(alert.id)"
            if presentsNext {
                do {
                    try flow.apply(.path([.dismiss, .sheet(.editor)]), from: alert.id)
                    label += ", which presents a sheet"
                } catch {}
            }
            report(label, try? UserAction.dismissal(of: alert.id, in: rendered))
        case .tapTab(let bar, let index, let tab):
            window.userSelect(index, of: bar)
            report("user taps tab \(tab) of \(bar.id)", try? UserAction.tab(tab, of: bar.id, in: rendered))
        case .closeColumn(let split, let column, let shown):
            window.userClose(column, of: split)
            report("user closes \(column) of \(split.id)", try? UserAction.column(showing: shown, in: rendered))
        }
    }
}

extension RenderWalkTests {
    /// Every stage is at most one modal transition from the one before and the last is the
    /// target, for changes from explicit anchors and toward unrelated (restored) states.
    @Test func stagesAreOneTransitionApartFromAnchorsAndRestores() throws {
        var problems: [String] = []
        var checked = 0
        for seed in 0..<400 {
            var random = SeededRandom(seed: UInt64(seed) &+ 70_000)
            var start = RandomStates.state(&random)
            for _ in 0..<20 {
                let target: NavigationState<TestRoute>
                if random.chance(0.2) {
                    target = RandomStates.state(&random)
                } else {
                    let anchor = random.chance(0.5) ? random.pick(start.nodes.map(\.id)) : nil
                    let count = 1 + Int(random.next() % 3)
                    let path = (0..<count).map { _ in RandomStates.presentation(&random, in: start) }
                    guard let next = try? start.applying(.path(path), from: anchor), !next.routes.contains(.failing)
                    else { continue }
                    target = next
                }
                checked += 1
                let stages = target.renderStages(from: start)
                if stages.last != target { problems.append("seed \(seed): last stage is not the target") }
                var previous = start
                for stage in stages {
                    if (try? stage.validate()) == nil { problems.append("seed \(seed): invalid stage\n\(stage)") }
                    let n = Self.modalTransitions(from: previous, to: stage)
                    if n > 1 { problems.append("seed \(seed): \(n) transitions\n\(previous)\n→\n\(stage)") }
                    previous = stage
                }
                start = target
            }
        }
        #expect(checked > 1000)
        #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.first ?? "")")
    }
}
