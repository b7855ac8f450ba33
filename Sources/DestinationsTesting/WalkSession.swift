import Foundation

/// One run of a ``RandomWalk`` on a fresh flow: picks the options, runs steps and checks the
/// invariants after each.
@MainActor
final class WalkSession<Route: NavigationRoute> {
    let walk: RandomWalk<Route>
    let flow: Flow<Route>
    let providers: Providers<Route>

    /// The outcome of a step that applied.
    struct Outcome {
        let step: WalkStep
        let refused: Bool
        let violation: WalkViolation?
    }

    /// A Destination watched across a step, to check that it is released when removed.
    struct Watched {
        let id: ElementID
        let label: String
        weak var object: AnyObject?
    }

    init(_ walk: RandomWalk<Route>) throws(NavigationError) {
        self.walk = walk
        let configuration = walk.freshConfiguration()
        providers = configuration.providers
        flow = try Flow(configuration, presenting: walk.modals)
    }

    var rendered: String { flow.state.rendered() }

    /// What the user could do now: each configured event of each visible screen that is not
    /// one of its Destination's own events (``OwnEvents``), in display order, then the gestures
    /// the state allows.
    func options() -> [WalkStep.Action] {
        var options = flow.offeredEvents().map {
            WalkStep.Action.event($0.event, route: $0.route, occurrence: $0.occurrence)
        }
        if walk.includesGestures {
            options += flow.offeredGestures().map(WalkStep.Action.gesture)
        }
        return options
    }

    /// Runs a step and checks the invariants after it; `nil` when the step does not apply to
    /// the state (during a replay, its screen is not there).
    func run(_ action: WalkStep.Action, contentSeed: UInt64) async -> Outcome? {
        let before = flow.state
        let tracked = flow.destinations.map { id, object in
            Watched(id: id, label: before.node(id).map(label) ?? "\(id)", object: object)
        }
        guard let (content, refusal) = perform(action, contentSeed: contentSeed) else { return nil }
        let step = WalkStep(action: action, contentSeed: contentSeed, content: content)
        do throws(SettleTimeout) {
            try await flow.settle(timeout: walk.settleTimeout)
        } catch {
            return Outcome(step: step, refused: refusal != nil, violation: .workDidNotSettle(error))
        }
        let violation = check(before: before, refusal: refusal, tracked: tracked)
        return Outcome(step: step, refused: refusal != nil, violation: violation)
    }

    /// Performs the action; returns the content sent, described, and the flow's refusal, or
    /// `nil` when the action does not apply. Holds no Destination once it returns.
    private func perform(_ action: WalkStep.Action, contentSeed: UInt64) -> (String?, NavigationError?)? {
        switch action {
        case .event(let event, let routeName, let occurrence):
            guard let screen = flow.visibleScreen(route: routeName, occurrence: occurrence), let route = screen.route,
                let destination = flow.destination(screen.id),
                let provider = providers.provider(for: route), provider.configuredEvents.contains(event)
            else { return nil }
            var random = WalkRandom(seed: contentSeed)
            var content: (any Sendable)?
            let key = ContentKey(type(of: destination), event: event)
            for generator in walk.generators where generator.key == key {
                if case .some(let made) = generator.generate(destination, &random) {
                    content = made
                    break
                }
            }
            do throws(NavigationError) {
                try provider.send(eventNamed: event, to: destination, content: content)
                return (content.map { String(describing: $0) }, nil)
            } catch {
                return (content.map { String(describing: $0) }, error)
            }
        case .gesture(let gesture):
            guard let refusal = flow.make(gesture) else { return nil }
            return (nil, refusal)
        }
    }

    /// The first invariant the flow breaks now, if any.
    func check(before: NavigationState<Route>, refusal: NavigationError?, tracked: [Watched]) -> WalkViolation? {
        let state = flow.state
        if let refusal, state != before {
            return .refusalChangedState(
                refusal, diff: StateDiff.diff(expected: before.rendered(), actual: state.rendered()) ?? "")
        }
        do {
            try state.validate()
        } catch {
            if case .corruptState(let problem) = error { return .brokenState(problem) }
        }
        let focused = state.focusedScreen
        if !state.visibleScreens.contains(where: { $0.id == focused.id }) { return .focusNotVisible(label(focused)) }
        let screens = state.screens
        let live = flow.destinations
        let screenIDs = Set(screens.map(\.id))
        let missing = screens.filter { live[$0.id] == nil }.map(label)
        let extra = live.keys.filter { !screenIDs.contains($0) }.sorted().map { "\($0)" }
        if !missing.isEmpty || !extra.isEmpty { return .destinationsMismatch(missing: missing, extra: extra) }
        let visible = Set(state.visibleScreens.map(\.id))
        let wrong = screens.filter { screen in
            guard let object = live[screen.id] as? any Destination else { return false }
            return isVisible(object) != visible.contains(screen.id)
        }
        if !wrong.isEmpty {
            return .visibilityMismatch(wrong.map { "\(label($0)) (visible: \(visible.contains($0.id)))" })
        }
        let leaked = tracked.filter { !screenIDs.contains($0.id) && $0.object != nil }.map(\.label)
        if !leaked.isEmpty { return .notReleased(leaked.sorted()) }
        return walk.checksRestoration ? checkRestoration(of: state) : nil
    }

    private func isVisible<D: Destination>(_ destination: D) -> Bool {
        destination.context.isVisible
    }

    /// When `Route` is `Codable`: the state survives JSON, and a fresh flow restores it.
    private func checkRestoration(of state: NavigationState<Route>) -> WalkViolation? {
        guard let encodable = state as? any Encodable,
            let decodable = NavigationState<Route>.self as? any Decodable.Type
        else { return nil }
        let decoded: NavigationState<Route>
        do {
            let data = try JSONEncoder().encode(encodable)
            func decode<T: Decodable>(_ type: T.Type) throws -> Any { try JSONDecoder().decode(type, from: data) }
            guard let value = try decode(decodable) as? NavigationState<Route> else {
                return .roundTripFailed(reason: "decoded a value of another type")
            }
            decoded = value
        } catch {
            return .roundTripFailed(reason: String(describing: error))
        }
        guard decoded == state else {
            return .roundTripDiffers(diff: StateDiff.diff(expected: state.rendered(), actual: decoded.rendered()) ?? "")
        }
        do throws(NavigationError) {
            // The round trip of the state itself: the configuration's guards judge changes, not
            // whether a state restores.
            let fresh = try Flow(walk.layout, providers: walk.makeProviders())
            try fresh.restore(decoded)
            guard fresh.state == state else {
                let diff = StateDiff.diff(expected: state.rendered(), actual: fresh.state.rendered()) ?? ""
                return .restorationFailed(reason: "the restored flow shows another state:\n\(diff)")
            }
            let restored = Set(fresh.destinations.keys)
            guard restored == Set(state.screens.map(\.id)) else {
                return .restorationFailed(reason: "the restored flow's Destinations are not its screens")
            }
        } catch {
            return .restorationFailed(reason: "\(error)")
        }
        return nil
    }
}
