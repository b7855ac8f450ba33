import Destinations

/// Explores every state a flow can reach, breadth first, and checks an invariant at each: a
/// proof, up to a depth, that no door leads somewhere it must not.
///
/// ```swift
/// var explorer = FlowExplorer(depth: 4) {
///     var configuration = FlowConfiguration(layout: AppLayout.main, providers: AppProviders.live())
///     configuration.guards = [signedInGuard(NotesSession(signedIn: false))]
///     return configuration
/// }
/// let link = try router.request(for: "https://notes.example.com/notes/1", scene: "main", source: .external(.universalLink))
/// explorer.offer(link, named: "open notes/1")
/// explorer.content(for: .select, of: NotesList.self) { list in list.notes }
/// let report = await explorer.explore { flow in
///     flow.state.screens.contains { $0.route?.requiresAccount == true } ? "a private note shows" : nil
/// }
/// #expect(report.violation == nil, "\(report)")
/// ```
///
/// From the configuration's layout, each step is one door a user or the world can open: every
/// configured event of every visible screen (with each content the test's generator gives; not
/// the events a screen marks as its own, ``/Destinations/OwnEvents``),
/// every gesture the state allows (swipe back, swipe down, tap a tab, close a column, tap an
/// alert's button), and every request the test offers (a link the URL module read, a
/// notification), performed through the flow's pipeline with its source.
///
/// States are deduplicated by value: the navigation state, and the
/// ``/Destinations/StatefulDestination/screenState`` of every live screen that shows one. A step that changes
/// only what a screen shows (an item added to a cart, with the navigation unchanged) leads to a
/// new state and is explored further; app data that no screen shows as its state is not told
/// apart, so let the screens that depend on it show it. A screen state must be the same on
/// every run (no dates or random ids in it), or every path is a new state and the exploration
/// runs to ``maximumStates``. A state is reached again only by a shorter or equal path, so the
/// first violation found has a shortest path to it. That path comes back as steps and as a test
/// to paste (``ExplorationViolation/test``), replayed with ``replay(_:)``.
///
/// Each path runs on a fresh flow made from the configuration closure, so that the services a
/// configuration makes (a session, a datasource) start afresh, and waits for the work its
/// Destinations track (``/Destinations/Flow/settle(timeout:)``) after each step.
@MainActor
public struct FlowExplorer<Route: NavigationRoute> {
    /// How many steps a path takes at most.
    public var depth: Int
    /// The most distinct states visited before the exploration stops.
    public var maximumStates: Int
    /// Whether gestures are steps, as well as events and offered requests.
    public var includesGestures = true
    /// How long a step waits for tracked work.
    public var settleTimeout: Duration = .seconds(30)
    /// The requests the world may make at any state, by name.
    public private(set) var requests: [(name: String, request: ChangeRequest<Route>)] = []

    let makeConfiguration: @MainActor () -> FlowConfiguration<Route>
    /// The content generators, by Destination type and event name.
    var contents: [ContentKey: @MainActor (AnyObject) -> [any Sendable]] = [:]

    /// Creates an explorer.
    ///
    /// - Parameters:
    ///   - depth: How many steps a path takes at most.
    ///   - maximumStates: The most distinct states visited.
    ///   - configuration: Makes the app's configuration, fresh for each path.
    public init(
        depth: Int, maximumStates: Int = 5_000, configuration: @escaping @MainActor () -> FlowConfiguration<Route>
    ) {
        self.depth = depth
        self.maximumStates = maximumStates
        self.makeConfiguration = configuration
    }

    /// Offers a request the world may make at any state, such as a link the URL module read:
    /// each state tries it through the flow's pipeline, with its source's rules. `name` stands
    /// for it in paths and tests; a second request of the same name replaces the first.
    public mutating func offer(_ request: ChangeRequest<Route>, named name: String) {
        requests.removeAll { $0.name == name }
        requests.append((name, request))
    }

    /// Supplies the contents an event that carries content, sent to a Destination of type
    /// `D`, is tried with: the notes a list can select. The event's
    /// ``/Destinations/ContentEvent`` declaration fixes the contents' type. Generators are
    /// kept by Destination type and event: two lists' `select` events are explored each with
    /// its own. An event without contents is sent without content (and refused when its
    /// response reads it).
    public mutating func content<D: Destination, Content>(
        for event: ContentEvent<D.Event, Content>,
        of type: D.Type,
        _ values: @escaping @MainActor (D) -> [Content]
    ) {
        contents[ContentKey(D.self, event: AnyEvent(event.event).description)] = { object in
            guard let destination = object as? D else { return [] }
            return values(destination)
        }
    }

    /// The contents the test's generator gives for `event` sent to `destination`.
    func generatedContents(for event: String, of destination: AnyObject) -> [any Sendable] {
        contents[ContentKey(type(of: destination), event: event)]?(destination) ?? []
    }

    /// Explores breadth first and returns what it found: the number of states, and the first
    /// state where `violation` returns a message, with a shortest path to it.
    public func explore(_ violation: @escaping @MainActor (Flow<Route>) -> String?) async -> ExplorationReport {
        var seen = VisitedStates<Route>()
        var frontier: [[ExplorationStep]] = [[]]
        var deepest = 0
        while !frontier.isEmpty {
            var next: [[ExplorationStep]] = []
            for path in frontier {
                guard let flow = await replaying(path) else { continue }
                guard seen.insert(flow) else { continue }
                deepest = max(deepest, path.count)
                if let message = violation(flow) {
                    return ExplorationReport(
                        states: seen.count, depth: deepest,
                        violation: ExplorationViolation(
                            message: message, steps: path, state: flow.state.rendered()))
                }
                guard seen.count < maximumStates else {
                    return ExplorationReport(states: seen.count, depth: deepest, violation: nil, stoppedAtLimit: true)
                }
                guard path.count < depth else { continue }
                next += options(in: flow).map { path + [$0] }
            }
            frontier = next
        }
        return ExplorationReport(states: seen.count, depth: deepest, violation: nil)
    }

    /// Runs `steps` on a fresh flow from the configuration, as the exploration did: a
    /// violation's path, pasted into a test.
    ///
    /// - Throws: ``ExplorationError`` when the flow cannot start or a step does not apply.
    public func replay(_ steps: [ExplorationStep]) async throws(ExplorationError) -> Flow<Route> {
        let flow: Flow<Route>
        do throws(NavigationError) {
            flow = try Flow(makeConfiguration())
        } catch {
            throw .startFailed(error)
        }
        for (index, step) in steps.enumerated() {
            guard perform(step, on: flow) else { throw .stepDoesNotApply(index, step) }
            try? await flow.settle(timeout: settleTimeout)
        }
        return flow
    }

    private func replaying(_ steps: [ExplorationStep]) async -> Flow<Route>? {
        try? await replay(steps)
    }

    /// The steps the state offers.
    func options(in flow: Flow<Route>) -> [ExplorationStep] {
        var options: [ExplorationStep] = []
        for offered in flow.offeredEvents() {
            let count =
                flow.destination(offered.screen).map { generatedContents(for: offered.event, of: $0).count } ?? 0
            if count == 0 {
                options.append(
                    .event(offered.event, route: offered.route, occurrence: offered.occurrence, content: nil))
            } else {
                options += (0..<count).map {
                    .event(offered.event, route: offered.route, occurrence: offered.occurrence, content: $0)
                }
            }
        }
        if includesGestures {
            options += flow.offeredGestures().map(ExplorationStep.gesture)
        }
        options += requests.map { ExplorationStep.request($0.name) }
        return options
    }

    /// Performs a step; `false` when it does not apply to the state. A step the flow refuses
    /// applies: it is a door that stayed shut.
    func perform(_ step: ExplorationStep, on flow: Flow<Route>) -> Bool {
        switch step {
        case .event(let event, let routeName, let occurrence, let contentIndex):
            guard let screen = flow.visibleScreen(route: routeName, occurrence: occurrence), let route = screen.route,
                let destination = flow.destination(screen.id),
                let provider = flow.configuration.providers.provider(for: route)
            else { return false }
            var content: (any Sendable)?
            if let contentIndex {
                let values = generatedContents(for: event, of: destination)
                guard values.indices.contains(contentIndex) else { return false }
                content = values[contentIndex]
            }
            _ = try? provider.send(eventNamed: event, to: destination, content: content)
            return true
        case .gesture(let gesture):
            return flow.make(gesture) != nil
        case .request(let name):
            guard let request = requests.first(where: { $0.name == name })?.request else { return false }
            _ = try? flow.perform(request)
            return true
        }
    }
}

/// The states an exploration has visited: each navigation state and pending change with the
/// screen states seen with them (screen states are `Equatable`, not `Hashable`, so those are
/// compared one by one). A sheet a redirect reached with a change waiting is not the same
/// state as that sheet opened by hand.
struct VisitedStates<Route: NavigationRoute> {
    /// A navigation state and the shape of the pending change waiting in it.
    struct Key: Hashable {
        let state: NavigationState<Route>
        let pending: [String]?
    }

    private var screenStates: [Key: [[ElementID: AnyScreenState]]] = [:]
    private(set) var count = 0

    /// Records the flow's state; false when it was visited already.
    @MainActor mutating func insert(_ flow: Flow<Route>) -> Bool {
        var shown: [ElementID: AnyScreenState] = [:]
        for (id, object) in flow.destinations {
            if let state = checkedScreenState(of: object) { shown[id] = state }
        }
        let key = Key(state: flow.state, pending: PendingFacet(flow)?.shape)
        let known = screenStates[key, default: []]
        let visited = known.contains { other in
            other.count == shown.count && other.allSatisfy { id, state in shown[id].map { $0 == state } ?? false }
        }
        guard !visited else { return false }
        screenStates[key, default: []].append(shown)
        count += 1
        return true
    }
}

/// One step of an exploration, written as it is passed to ``FlowExplorer/replay(_:)``.
public enum ExplorationStep: Hashable, Sendable, CustomStringConvertible {
    /// The event named `event` sent to the `occurrence`th visible screen of route `route`,
    /// with the content the explorer's generator gives at `content`, or none.
    case event(String, route: String, occurrence: Int, content: Int?)
    /// A gesture.
    case gesture(UserGesture)
    /// The offered request of that name (``FlowExplorer/offer(_:named:)``).
    case request(String)

    /// The step as Swift source: `.event("select", route: "notes", occurrence: 0, content: 1)`.
    public var description: String {
        switch self {
        case .event(let event, let route, let occurrence, let content):
            ".event(\(literal(event)), route: \(literal(route)), occurrence: \(occurrence), content: \(content.map(String.init) ?? "nil"))"
        case .gesture(let gesture): ".gesture(.\(gesture))"
        case .request(let name): ".request(\(literal(name)))"
        }
    }
}

/// A Swift string literal of `text`, escaped.
private func literal(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
        switch character {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case "\n": escaped += "\\n"
        case "\r": escaped += "\\r"
        case "\t": escaped += "\\t"
        default:
            if character.value < 0x20 || character.value == 0x7F {
                escaped += "\\u{\(String(character.value, radix: 16))}"
            } else {
                escaped.unicodeScalars.append(character)
            }
        }
    }
    return "\"\(escaped)\""
}

/// What an exploration found.
public struct ExplorationReport: Sendable, CustomStringConvertible {
    /// The distinct states visited.
    public let states: Int
    /// The longest path explored.
    public let depth: Int
    /// The first violation, with a shortest path to it; `nil` when every state held.
    public let violation: ExplorationViolation?
    /// Whether the exploration stopped at ``FlowExplorer/maximumStates`` before its depth.
    public var stoppedAtLimit = false

    /// A summary, with the violation's test when there is one.
    public var description: String {
        guard let violation else {
            return
                "\(states) states up to depth \(depth), no violation\(stoppedAtLimit ? " (stopped at the state limit)" : "")"
        }
        return
            "\(states) states; violation after \(violation.steps.count) steps: \(violation.message)\n\(violation.state)\n\(violation.test)"
    }
}

/// A state where the invariant failed, and a shortest path to it.
public struct ExplorationViolation: Sendable {
    /// What the invariant said.
    public let message: String
    /// The steps from the start.
    public let steps: [ExplorationStep]
    /// The state, rendered.
    public let state: String

    /// The path as a test body to paste: it replays the steps with the same explorer.
    public var test: String {
        let steps = self.steps.map { "    \($0)," }.joined(separator: "\n")
        return "let flow = try await explorer.replay([\n\(steps)\n])\n// \(message)"
    }
}

/// Why a replay could not run.
public enum ExplorationError: Error, Hashable, Sendable {
    /// The flow could not start from the configuration.
    case startFailed(NavigationError)
    /// Step `index` does not apply to the state it met (another screen shows).
    case stepDoesNotApply(Int, ExplorationStep)
}
