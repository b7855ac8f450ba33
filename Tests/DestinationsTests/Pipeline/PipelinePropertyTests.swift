import Foundation
import Testing

@testable import Destinations

/// The world of one property run: the session the guards read, what the asynchronous guard
/// allows, and every Destination built, with its lifecycle counts.
@MainActor
final class PipelineWorld {
    var random: SeededRandom
    var signedIn = false
    var aboutAllowed = false
    weak var flow: Flow<TestRoute>?
    var screens: [PropScreen] = []
    /// Broken invariants, as messages.
    var violations: [String] = []
    /// How many changes hooks and observers asked for during commits, and what they were told.
    var nestedOutcomes: [ChangeOutcome<TestRoute>] = []
    var nestedRefusals = 0
    var observation: FlowChangeObservation?

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// A change asked for from inside a commit, sometimes.
    func maybeNavigate() {
        guard let flow, random.chance(0.15) else { return }
        let presentation = RandomStates.presentation(&random, in: flow.state)
        do throws(NavigationError) {
            let outcome = try flow.apply(presentation)
            nestedOutcomes.append(outcome)
            if outcome != .queued {
                violations.append("a change asked for during a commit was told \(outcome), not queued")
            }
        } catch {
            nestedRefusals += 1
            violations.append("a change asked for during a commit threw \(error) instead of waiting in the queue")
        }
    }
}

/// A Destination that counts its lifecycle and checks, at each step, what the guards allowed.
@MainActor
final class PropScreen: Destination {
    enum Event: Hashable, Sendable {
        case next(Carrying<Int>)
        case close, back, signIn, about
    }
    let context = DestinationContext<TestRoute, Event>()
    let route: TestRoute
    let world: PipelineWorld
    var prepares = 0
    var cleanups = 0

    init(_ route: TestRoute, world: PipelineWorld) {
        self.route = route
        self.world = world
        world.screens.append(self)
    }

    func prepareForPresentation() {
        prepares += 1
        // The guards' rules, checked on every screen a commit added.
        if route == .editor { world.violations.append("an editor was committed: the guard denies it always") }
        if case .detail(let n) = route, n % 2 == 1, !world.signedIn {
            world.violations.append("detail(\(n)) was committed while signed out")
        }
        if route == .about, !world.aboutAllowed {
            world.violations.append("about was committed without the asynchronous guard")
        }
        world.maybeNavigate()
    }

    func cleanup() { cleanups += 1 }
}

/// Every door mixed at random, with guards that allow, deny and redirect, hooks and observers
/// that navigate, and late reports; after every step the pipeline's invariants hold.
@MainActor
@Suite struct PipelinePropertyTests {
    static let seeds = ProcessInfo.processInfo.environment["DESTINATIONS_PROPERTY_SEEDS"].flatMap(Int.init) ?? 40
    static let steps = 60

    func makeFlow(_ world: PipelineWorld) throws -> Flow<TestRoute> {
        let provider = Provider { (route: TestRoute) -> PropScreen in
            if route == .failing { throw FixtureError.refused }
            return PropScreen(route, world: world)
        } events: { events in
            events.on(.next, .present { n in .push(.detail(n)) })
            events.on(.close, .present(.dismiss))
            events.on(.back, .present(.back))
            events.on(.signIn, .perform { _ in world.signedIn = true })
            events.on(.about, .present(.push(.about)))
        }
        var configuration = FlowConfiguration(
            layout: threeTabs, providers: Providers { $0 == .unprovided ? nil : provider })
        configuration.guards = [
            NavigationGuard("never") { change in
                change.added.contains(.editor) ? .deny(reason: "never") : .allow
            },
            NavigationGuard("signedIn") { change in
                let needsAccount = change.added.contains { if case .detail(let n) = $0 { n % 2 == 1 } else { false } }
                guard needsAccount, !world.signedIn else { return .allow }
                return .redirect(.fullScreenCover(.login))
            },
        ]
        configuration.asyncGuards = [
            AsyncNavigationGuard("remote", watches: { $0 == .about }) { _ in
                world.aboutAllowed ? .allow : .deny(reason: "not now")
            }
        ]
        configuration.asyncGuardTimeout = .seconds(Int64.max)
        let flow = try Flow(configuration)
        world.flow = flow
        world.observation = flow.observeChanges { _ in world.maybeNavigate() }
        return flow
    }

    /// What a refused change must leave alone: the state, the live Destinations and the next id.
    struct Unchanged: Equatable {
        let state: NavigationState<TestRoute>
        let destinations: [ElementID: ObjectIdentifier]
        let nextID: ElementID

        @MainActor
        init(_ flow: Flow<TestRoute>) {
            state = flow.state
            destinations = flow.destinations.mapValues(ObjectIdentifier.init)
            var ids = flow.ids
            nextID = ids.next()
        }
    }

    static func awaiting(_ request: ChangeRequest<TestRoute>, on flow: Flow<TestRoute>) async -> Result<
        ChangeOutcome<TestRoute>, NavigationError
    > {
        do throws(NavigationError) {
            return .success(try await flow.performAwaitingGuards(request))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: 0..<1)
    func everyDoorKeepsThePipelinesInvariants(_: Int) async throws {
        for seed in 0..<UInt64(Self.seeds) {
            let world = PipelineWorld(seed: 0xD00E + seed)
            let flow = try makeFlow(world)
            for step in 0..<Self.steps {
                let before = Unchanged(flow)
                let pendingBefore = flow.pendingChange
                let nestedBefore = world.nestedOutcomes.count
                let door = world.random.next() % 11
                let result: Result<ChangeOutcome<TestRoute>, NavigationError>
                switch door {
                case 0, 1:
                    let anchor = world.random.chance(0.3) ? world.random.pick(flow.state.screens.map(\.id)) : nil
                    result = Result { () throws(NavigationError) in
                        try flow.apply(RandomStates.presentation(&world.random, in: flow.state), from: anchor)
                    }
                case 2:
                    let visible = flow.state.visibleScreens
                    guard let screen = visible.isEmpty ? nil : world.random.pick(visible),
                        let destination = flow.destination(screen.id, as: PropScreen.self)
                    else { continue }
                    let event = world.random.pick([PropScreen.Event.next(.listed), .close, .back, .about])
                    let content = Int(world.random.next() % 6)
                    result = Result { () throws(NavigationError) in
                        try destination.send(event, carrying: content)
                        return .applied
                    }
                case 3:
                    let ids = flow.state.nodes.map(\.id) + [ElementID(9_999)]  // late reports name gone elements
                    let action: UserAction<TestRoute> =
                        switch world.random.next() % 3 {
                        case 0: .dismissed(modal: world.random.pick(ids))
                        case 1: .popped(stack: world.random.pick(ids), to: world.random.pick(ids))
                        default:
                            .selectedTab(
                                world.random.pick([TabID.inbox, .profile, .search]), tabs: world.random.pick(ids))
                        }
                    result = Result { () throws(NavigationError) in try flow.apply(action) }
                case 4:
                    result = Result { () throws(NavigationError) in try flow.restore(RandomStates.state(&world.random))
                    }
                case 5:
                    var request = ChangeRequest<TestRoute>.presentation(
                        RandomStates.presentation(&world.random, in: flow.state), source: .external(.otherApp))
                    request.access = { $0 != .settings }
                    result = Result { () throws(NavigationError) in try flow.perform(request) }
                case 6:
                    guard let alert = flow.state.presentedChain.last?.modal else { continue }
                    result = Result { () throws(NavigationError) in
                        try flow.tapAlertButton(Int(world.random.next() % 2), of: alert)
                    }
                case 7:
                    result = Result { () throws(NavigationError) in try flow.resumePending() ?? .unchanged }
                case 8:
                    world.signedIn.toggle()
                    world.aboutAllowed = world.random.chance(0.5)
                    continue
                case 9:
                    let request = ChangeRequest<TestRoute>.presentation(
                        world.random.chance(0.5)
                            ? .push(.about) : RandomStates.presentation(&world.random, in: flow.state))
                    result = await Self.awaiting(request, on: flow)
                default:
                    flow.dropPending()
                    #expect(flow.pendingChange == nil)
                    continue
                }
                let context = "seed \(seed) step \(step) door \(door)"
                switch result {
                case .failure(let error):
                    if case .awaitsAsyncGuards = error, pendingBefore != nil, flow.pendingChange == nil {
                        Issue.record("\(context): a pending change an asynchronous guard watches was lost")
                    }
                    #expect(Unchanged(flow) == before, "\(context): refused with \(error) but the flow changed")
                case .success(.redirected(let name)):
                    // A change queued by a hook of the redirect may dismiss the redirect's screen,
                    // which drops the pending change; otherwise it waits.
                    let queuedRan = world.nestedOutcomes.count > nestedBefore
                    #expect(
                        flow.pendingChange?.guardName == name || queuedRan,
                        "\(context): redirected, but nothing pending")
                case .success(.deferred(let element)):
                    #expect(flow.pendingChange?.reason == .deferred(by: element), "\(context)")
                case .success(.needsConfirmation), .success(.unchanged):
                    break
                case .success(.queued):
                    Issue.record("\(context): a top-level request was queued")
                case .success(.applied):
                    break
                }
                #expect(flow.state.firstProblem == nil, "\(context)")
                #expect(!flow.state.screens.contains { $0.route == .editor }, "\(context)")
                #expect(Set(flow.destinations.keys) == Set(flow.state.screens.map(\.id)), "\(context)")
                for violation in world.violations { Issue.record("\(context): \(violation)") }
                world.violations.removeAll()
            }
            // Every prepare has exactly one cleanup once its screen is gone, and none before.
            let live = Set(flow.destinations.values.map(ObjectIdentifier.init))
            for screen in world.screens {
                #expect(
                    screen.prepares <= 1 && screen.cleanups <= screen.prepares,
                    "seed \(seed): \(screen.route) \(screen.prepares)/\(screen.cleanups)")
                if live.contains(ObjectIdentifier(screen)) {
                    #expect(screen.cleanups == 0, "seed \(seed): a live \(screen.route) was cleaned up")
                } else if screen.prepares == 1 {
                    #expect(screen.cleanups == 1, "seed \(seed): a removed \(screen.route) was never cleaned up")
                }
            }
            #expect(
                !world.nestedOutcomes.isEmpty || seed > 3, "hooks and observers navigated at least in the first seeds")
        }
    }
}

extension Result where Failure == NavigationError {
    /// Runs a body that throws typed errors.
    @MainActor
    init(_ body: () throws(NavigationError) -> Success) {
        do throws(NavigationError) {
            self = .success(try body())
        } catch {
            self = .failure(error)
        }
    }
}

extension ContentEvent<PropScreen.Event, Int> {
    /// `next` carries the number of the detail to push.
    static var next: Self { Self(PropScreen.Event.next) }
}
