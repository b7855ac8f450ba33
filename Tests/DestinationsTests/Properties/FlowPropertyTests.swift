import Foundation
import Observation
import Testing

@testable import Destinations

/// Records every Destination's lifecycle, by the order it was built in, and what broke.
@MainActor
final class Journal {
    private(set) var lifecycles: [Int: [String]] = [:]
    private(set) var violations: [String] = []
    private var built: [(serial: Int, screen: WeakScreenRef)] = []
    var nextSerial = 0

    func record(_ serial: Int, _ event: String) { lifecycles[serial, default: []].append(event) }
    func violate(_ message: String) { violations.append(message) }
    func built(_ screen: PropertyScreen) { built.append((screen.serial, WeakScreenRef(screen))) }

    /// The Destinations built so far that are still alive.
    var alive: [PropertyScreen] { built.compactMap(\.screen.object) }
}

struct WeakScreenRef {
    weak var object: PropertyScreen?
    init(_ object: PropertyScreen) { self.object = object }
}

/// A Destination for the property walk: it journals its lifecycle and may navigate from its
/// hooks once, as a session check or a self-dismissing screen would.
@MainActor
final class PropertyScreen: Destination {
    enum Event: Hashable, Sendable, CaseIterable {
        case go(Carrying<Presentation<TestRoute>>)
        case load, loadThenLeave, leave
        static let allCases: [Event] = [.go(.listed), .load, .loadThenLeave, .leave]
    }
    let context = DestinationContext<TestRoute, Event>()
    let route: TestRoute
    let serial: Int
    let journal: Journal
    var onPrepare: Presentation<TestRoute>?
    var onAppear: Presentation<TestRoute>?
    var deliveries = 0

    init(_ route: TestRoute, journal: Journal) {
        self.route = route
        self.journal = journal
        serial = journal.nextSerial
        journal.nextSerial += 1
        journal.built(self)
    }

    func prepareForPresentation() {
        journal.record(serial, "prepare")
        if let hook = onPrepare {
            onPrepare = nil
            _ = try? context.present(hook)
        }
    }

    func didAppear() {
        journal.record(serial, "appear")
        if let hook = onAppear {
            onAppear = nil
            _ = try? context.present(hook)
        }
    }

    func didDisappear() { journal.record(serial, "disappear") }
    func cleanup() { journal.record(serial, "cleanup") }
}

/// A datasource that answers after a hop.
actor EchoDatasource: Interactor {
    func perform(request: ItemsRequest) async -> Result<[String], DataError> {
        await Task.yield()
        return .success(["echo"])
    }
}

/// A seeded walk of random operations on a flow, checking every invariant after each step.
@MainActor
final class PropertyWalk {
    let seed: UInt64
    var random: SeededRandom
    let journal = Journal()
    let hooks: HookPlan
    var flow: Flow<TestRoute>?
    var history: [NavigationState<TestRoute>] = []
    var failures: [String] = []
    var steps = 0
    var refusals = 0

    /// Decides, as screens are built, which of them navigate from their hooks.
    @MainActor
    final class HookPlan {
        var random: SeededRandom
        init(seed: UInt64) { random = SeededRandom(seed: seed ^ 0xA5A5) }

        func configure(_ screen: PropertyScreen) {
            guard ![.login, .confirm].contains(screen.route), random.chance(0.15) else { return }
            let hook: Presentation<TestRoute> = random.pick([
                .fullScreenCover(.login), .alert(.confirm), .back, .dismiss, .selectTab(.profile), .push(.about),
            ])
            if random.chance(0.5) { screen.onPrepare = hook } else { screen.onAppear = hook }
        }
    }

    init(seed: UInt64) throws {
        self.seed = seed
        random = SeededRandom(seed: seed)
        hooks = HookPlan(seed: seed)
        let journal = self.journal
        let hooks = self.hooks
        let datasource = EchoDatasource()
        let provider = Provider { (route: TestRoute) -> PropertyScreen in
            if route == .failing { throw FixtureError.refused }
            let screen = PropertyScreen(route, journal: journal)
            hooks.configure(screen)
            return screen
        } events: { events in
            events.on(.go, .present { (presentation: Presentation<TestRoute>) in presentation })
            events.on(
                .load,
                .request(datasource, ItemsRequest(action: .retrieve)) { screen, _ in
                    if screen.context.isRemoved { screen.journal.violate("a result reached removed \(screen.route)") }
                    screen.deliveries += 1
                })
            events.on(
                .loadThenLeave,
                .perform { input in
                    try input.destination.send(.load)
                    try input.destination.context.present(.back)
                })
            events.on(.leave, .present(.dismiss))
        }
        var first = random
        let layout = RandomStates.layout(&first)
        random = first
        flow = try Flow(layout, providers: Providers { $0 == .unprovided ? nil : provider })
    }

    func fail(_ message: String) {
        failures.append("seed \(seed), step \(steps): \(message)\n\(flow?.state.rendered() ?? "")")
    }

    /// Runs one random operation and checks the invariants.
    func step() async {
        guard let flow else { return }
        steps += 1
        let before = flow.state
        let beforeLive = flow.destinations.mapValues(ObjectIdentifier.init)
        var nextID = flow.ids
        let expectedNextID = nextID.next()
        let sequenceBefore = flow.sequence
        var notified: Set<ElementID> = []
        var flags: [ElementID: Flag] = [:]
        for node in before.nodes {
            let flag = Flag()
            flags[node.id] = flag
            withObservationTracking {
                _ = flow.node(node.id)
            } onChange: {
                flag.raise()
            }
        }
        let stateFlag = Flag()
        withObservationTracking {
            _ = flow.state
        } onChange: {
            stateFlag.raise()
        }

        let (operation, refusal) = perform(on: flow, state: before)
        do {
            try await flow.settle(timeout: .seconds(30))
        } catch {
            fail("\(operation): \(error)")
        }
        for (id, flag) in flags where flag.isRaised { notified.insert(id) }
        let after = flow.state
        let commits = flow.sequence - sequenceBefore

        if let refusal {
            refusals += 1
            if commits == 1 {
                if after != before { fail("\(operation) was refused (\(refusal)) but the state changed") }
                if flow.destinations.mapValues(ObjectIdentifier.init) != beforeLive {
                    fail("\(operation) was refused but the Destinations changed")
                }
                if !notified.isEmpty {
                    fail("\(operation) was refused but observers of \(notified.sorted()) were notified")
                }
                var now = flow.ids
                if now.next() != expectedNextID { fail("\(operation) was refused but the id generator moved") }
            }
        }
        checkObservers(
            before: before, after: after, notified: notified, singleCommit: commits <= 1, operation: operation)
        if after != before && !stateFlag.isRaised {
            fail("\(operation): the state changed but its observers were not told")
        }
        if commits <= 1 && after == before && stateFlag.isRaised {
            fail("\(operation): observers of the state were told of no change")
        }
        if flow.index != ElementIndex(after) { fail("\(operation): the flow's index does not match its state") }
        checkState(after, operation: operation)
        checkDestinations(after, operation: operation)
        history.append(after)
        if history.count > 20 { history.removeFirst() }
    }

    private func perform(on flow: Flow<TestRoute>, state: NavigationState<TestRoute>) -> (String, NavigationError?) {
        let ids = state.nodes.map(\.id)
        let roll = random.next() % 100
        do {
            switch roll {
            case 0..<40:
                let anchor = random.chance(0.35) ? random.pick(ids) : nil
                let presentation = RandomStates.presentation(&random, in: state)
                let operation = "apply \(presentation) from \(anchor.map { "\($0)" } ?? "focus")"
                do { try flow.apply(presentation, from: anchor) } catch { return (operation, error) }
                return (operation, nil)
            case 40..<60:
                let action = userAction(in: state, ids: ids)
                do { try flow.apply(action) } catch { return ("report \(action)", error) }
                return ("report \(action)", nil)
            case 60..<80:
                let screens = state.screens
                let target = random.pick(screens)
                guard let screen = flow.destination(target.id, as: PropertyScreen.self) else {
                    fail("no Destination for \(target.id)")
                    return ("send", nil)
                }
                let event = random.pick(PropertyScreen.Event.allCases)
                let content: (any Sendable)? =
                    event == .go(.listed) ? RandomStates.presentation(&random, in: state) : nil
                let operation = "send \(event) to \(target.route.map { "\($0)" } ?? "?") \(target.id)"
                do { try screen.send(event, carrying: content) } catch { return (operation, error) }
                return (operation, nil)
            case 80..<92:
                guard let saved = history.isEmpty ? nil : random.pick(history) else {
                    return ("nothing to restore", nil)
                }
                do { try flow.restore(saved) } catch { return ("restore an earlier state", error) }
                return ("restore an earlier state", nil)
            default:
                let corrupt = corruptState(from: state)
                do {
                    try flow.restore(corrupt)
                    fail("a corrupt state was restored")
                } catch { return ("restore a corrupt state", error) }
                return ("restore a corrupt state", nil)
            }
        }
    }

    private func userAction(in state: NavigationState<TestRoute>, ids: [ElementID]) -> UserAction<TestRoute> {
        let stacks = state.nodes.filter { $0.stack != nil }
        let tabBars = state.nodes.filter { $0.tabs != nil }
        let splits = state.nodes.filter { $0.split != nil }
        let stale = random.chance(0.2)
        switch random.next() % 5 {
        case 0 where !stacks.isEmpty:
            let stack = random.pick(stacks)
            let elements = stack.stack?.elements.map(\.id) ?? []
            return .popped(
                stack: stale ? random.pick(ids) : stack.id, to: stale ? random.pick(ids) : random.pick(elements))
        case 1 where !tabBars.isEmpty:
            let bar = random.pick(tabBars)
            return .selectedTab(random.pick(bar.tabs?.ids ?? [.inbox]), tabs: stale ? random.pick(ids) : bar.id)
        case 2 where !splits.isEmpty:
            let split = random.pick(splits)
            let shown = split.split?.filledColumns.map { $0.node.id } ?? []
            return .closedColumn(showing: stale || shown.isEmpty ? random.pick(ids) : random.pick(shown))
        case 3:
            let chain = state.presentedChain
            return .movedSheet(
                to: RandomStates.detent(&random),
                modal: chain.isEmpty || stale ? random.pick(ids) : random.pick(chain).modal)
        default:
            let chain = state.presentedChain
            return .dismissed(modal: chain.isEmpty || stale ? random.pick(ids) : random.pick(chain).modal)
        }
    }

    private func corruptState(from state: NavigationState<TestRoute>) -> NavigationState<TestRoute> {
        let duplicated = NavigationNode<TestRoute>(id: state.root.id, content: .screen(.home))
        switch random.next() % 3 {
        case 0:
            return NavigationState(
                root: NavigationNode(id: ElementID(1), content: .stack(Stack([duplicated, duplicated]))))
        case 1:
            let alert = Modal(
                style: .alert, node: NavigationNode<TestRoute>(id: ElementID(3), content: .stack(Stack([duplicated]))))
            return NavigationState(root: NavigationNode(id: ElementID(1), content: .screen(.home), modal: alert))
        default:
            let sheet = Modal(
                style: .sheet, node: NavigationNode<TestRoute>(id: ElementID(9), content: .screen(.editor)))
            return NavigationState(
                root: NavigationNode(
                    id: ElementID(1),
                    content: .tabs(
                        Tabs(
                            tabs: [
                                Tab(id: .inbox, node: NavigationNode(id: ElementID(2), content: .screen(.home))),
                                Tab(
                                    id: .profile,
                                    node: NavigationNode(id: ElementID(3), content: .screen(.settings), modal: sheet)),
                            ], selection: .inbox))))
        }
    }

    private func checkObservers(
        before: NavigationState<TestRoute>,
        after: NavigationState<TestRoute>,
        notified: Set<ElementID>,
        singleCommit: Bool,
        operation: String
    ) {
        for node in before.nodes {
            let now = after.node(node.id)
            let changed = now.map { !node.hasSameOwnContent(as: $0) || $0.kind != node.kind } ?? true
            if changed && !notified.contains(node.id) {
                fail("\(operation): \(node.kind) \(node.id) changed but its observers were not told")
            }
            if singleCommit && !changed && notified.contains(node.id) {
                fail("\(operation): observers of \(node.kind) \(node.id) were told of a change it did not have")
            }
        }
    }

    private func checkState(_ state: NavigationState<TestRoute>, operation: String) {
        if let problem = state.firstProblem { fail("\(operation) broke a rule: \(problem)") }
        let focused = state.focusedScreen
        if !state.visibleScreens.contains(where: { $0.id == focused.id }) {
            fail("\(operation): the focused \(focused.id) is not visible")
        }
        if state.presentedChain.count != state.nodes.filter({ $0.modal != nil }).count {
            fail("\(operation): a modal is off the focus path")
        }
        do {
            let decoded = try JSONDecoder().decode(NavigationState<TestRoute>.self, from: JSONEncoder().encode(state))
            if decoded != state { fail("\(operation): the state does not survive a JSON round trip") }
        } catch {
            fail("\(operation): the state does not survive a JSON round trip: \(error)")
        }
    }

    private func checkDestinations(_ state: NavigationState<TestRoute>, operation: String) {
        guard let flow else { return }
        let screens = Set(state.screens.map(\.id))
        if Set(flow.destinations.keys) != screens { fail("\(operation): the live Destinations are not the screens") }
        let focused = state.focusedScreen.id
        if flow.focusedDestination !== flow.destination(focused) {
            fail("\(operation): focusedDestination is not the Destination of the focused screen \(focused)")
        }
        if flow.focusedDestination(as: PropertyScreen.self) !== flow.destination(focused, as: PropertyScreen.self) {
            fail("\(operation): focusedDestination(as:) is not the Destination of the focused screen \(focused)")
        }
        if flow.focusedScreen.id != focused { fail("\(operation): focusedScreen is not the state's focused screen") }
        let visible = Set(state.visibleScreens.map(\.id))
        for screen in journal.alive {
            let lifecycle = journal.lifecycles[screen.serial] ?? []
            if let id = screen.context.id {
                if flow.destination(id) !== screen { fail("\(operation): \(id) is attached but not live") }
                if lifecycle.contains("cleanup") { fail("\(operation): live \(screen.route) \(id) was cleaned up") }
                if screen.context.isVisible != visible.contains(id) {
                    fail("\(operation): \(screen.route) \(id) is wrong about being visible")
                }
                if (lifecycle.last == "appear") != visible.contains(id) {
                    fail("\(operation): \(screen.route) \(id) missed an appear or disappear")
                }
            } else if lifecycle.contains("prepare") {
                fail("\(operation): removed \(screen.route) (built #\(screen.serial)) was not released")
            }
        }
        for (serial, lifecycle) in journal.lifecycles {
            if lifecycle.first != "prepare" || lifecycle.filter({ $0 == "prepare" }).count != 1 {
                fail("\(operation): Destination #\(serial) was not prepared exactly once first: \(lifecycle)")
            }
            let appearances = lifecycle.filter { $0 == "appear" || $0 == "disappear" }
            for (index, event) in appearances.enumerated()
            where event != (index.isMultiple(of: 2) ? "appear" : "disappear") {
                fail("\(operation): Destination #\(serial) did not alternate appear and disappear: \(lifecycle)")
                break
            }
            let cleanups = lifecycle.filter { $0 == "cleanup" }.count
            if cleanups > 1 || (cleanups == 1 && lifecycle.last != "cleanup")
                || (cleanups == 1 && appearances.last == "appear")
            {
                fail("\(operation): Destination #\(serial) was cleaned up wrongly: \(lifecycle)")
            }
        }
        for violation in journal.violations { fail(violation) }
    }

    /// Releases the flow and checks that every Destination was cleaned up and released.
    func end() {
        flow = nil
        for (serial, lifecycle) in journal.lifecycles where lifecycle.filter({ $0 == "cleanup" }).count != 1 {
            failures.append(
                "seed \(seed): after the flow was released, Destination #\(serial) was not cleaned up once: \(lifecycle)"
            )
        }
        if !journal.alive.isEmpty {
            failures.append("seed \(seed): \(journal.alive.count) Destinations outlived their flow")
        }
    }
}

/// Random operations from random anchors — presentations, user reports (some stale), events,
/// lifecycle hooks that navigate, failing providers, removal with pending work, restores of
/// earlier and corrupt states — checking after every step that: live Destinations are exactly
/// the screens; each is prepared once, cleaned up once, appears and disappears alternately and
/// is released after removal; the focused screen is visible; every modal is on the focus path;
/// a refused change leaves state, Destinations, observers and ids unchanged; the state survives
/// a JSON round trip; observers are told exactly of the changes of what they read.
@MainActor
@Suite struct FlowPropertyTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seeds = environment["DESTINATIONS_PROPERTY_SEEDS"].flatMap(Int.init) ?? 40
    static let stepsPerSeed = environment["DESTINATIONS_PROPERTY_STEPS"].flatMap(Int.init) ?? 60

    @Test func randomOperationsKeepEveryInvariant() async throws {
        var totalSteps = 0
        var totalRefusals = 0
        for seed in 0..<UInt64(Self.seeds) {
            let walk = try PropertyWalk(seed: seed)
            for _ in 0..<Self.stepsPerSeed where walk.failures.isEmpty {
                await walk.step()
            }
            walk.end()
            totalSteps += walk.steps
            totalRefusals += walk.refusals
            if let failure = walk.failures.first {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
        #expect(totalSteps == Self.seeds * Self.stepsPerSeed)
        #expect(totalRefusals > totalSteps / 10, "the walk must also exercise refusals")
        #expect(totalRefusals < totalSteps * 9 / 10, "the walk must mostly change the state")
    }
}

extension ContentEvent<PropertyScreen.Event, Presentation<TestRoute>> {
    static var go: Self { Self(PropertyScreen.Event.go) }
}
