/// Explores a flow at random from a seed: at each step it fires one of the events the visible
/// Destinations' providers configure, or one of the gestures the state allows (swipe back,
/// swipe down a sheet, tap a tab), and checks the flow's invariants after it. Events a
/// Destination marks as its own (``/Destinations/OwnEvents``: a load, a timer's tick) are left out: no user
/// can tap them.
///
/// ```swift
/// var walk = RandomWalk(NotesAppConfiguration.layout, steps: 200) {
///     NotesAppConfiguration.providers(store: NoteStore())
/// }
/// walk.content(for: .select, of: NotesList.self) { list, random in
///     list.notes.randomElement(using: &random)
/// }
/// await walk.check(seed: 42)
/// ```
///
/// The invariants, checked after every step (see ``WalkViolation``):
/// - the state keeps the model's rules (``/Destinations/NavigationState/validate()``), one presentation chain
///   among them: every modal lies on the focus path;
/// - the focused screen is visible;
/// - the live Destinations are exactly the screens in the state, and exactly the visible ones
///   know they are visible;
/// - every Destination removed by the step was released;
/// - a step the flow refused (a typed ``/Destinations/NavigationError``, such as an event without the content
///   its assistant needs) left the state unchanged — a refusal is not a failure;
/// - when `Route` is `Codable`, the state survives a JSON round trip, and restoring it into a
///   fresh flow gives the same state and its Destinations.
///
/// A failure reports the seed, the step, the broken invariant and the shortest list of steps
/// found that still breaks it (delta debugging, replaying each candidate on a fresh flow from
/// `providers`). The same seed always walks the same steps. A crash (a trap) cannot be caught
/// in-process; re-run the seed with a ``traceHandler`` to see the steps that led to it.
@MainActor
public struct RandomWalk<Route: NavigationRoute> {
    /// The first state's shape.
    public var layout: Layout<Route>
    /// The modals presented over ``layout`` at the start, bottom first.
    public var modals: [Layout<Route>.Presenting.PresentedLayout] = []
    /// How many steps to walk.
    public var steps: Int
    /// Whether to make gestures as well as events.
    public var includesGestures = true
    /// Whether to check the Codable round trip and restoration when `Route` is `Codable`.
    public var checksRestoration = true
    /// The most replays shrinking may run.
    public var shrinkBudget = 500
    /// How long a step waits for tracked work before the walk fails with
    /// ``WalkViolation/workDidNotSettle(_:)``: 30 seconds unless set, a safety net for work
    /// that never ends.
    public var settleTimeout: Duration = .seconds(30)
    /// Called with each step as it is about to run, for a log when a walk crashes.
    public var traceHandler: (@MainActor (Int, WalkStep) -> Void)?

    let makeProviders: @MainActor () -> Providers<Route>
    /// Makes the flow's whole configuration, when the walk was made from one.
    let makeConfiguration: (@MainActor () -> FlowConfiguration<Route>)?
    var generators: [ContentGenerator] = []

    /// A content generator, for one event of one Destination type.
    struct ContentGenerator {
        let key: ContentKey
        let generate: @MainActor (AnyObject, inout WalkRandom) -> (any Sendable)??
    }

    /// Creates a walk.
    ///
    /// - Parameters:
    ///   - layout: The first state's shape.
    ///   - steps: How many steps to walk.
    ///   - providers: Makes the app's providers, fresh for each replay, so that a replay does
    ///     not see the data an earlier one changed.
    public init(_ layout: Layout<Route>, steps: Int = 100, providers: @escaping @MainActor () -> Providers<Route>) {
        self.layout = layout
        self.steps = steps
        self.makeProviders = providers
        self.makeConfiguration = nil
    }

    /// Creates a walk of the flow the app makes — its guards, asynchronous guards and limits
    /// included — so that it reaches the screens behind a guard the way a user does.
    ///
    /// - Parameters:
    ///   - steps: How many steps to walk.
    ///   - configuration: Makes the app's configuration, fresh for each replay, so that a
    ///     replay does not see the data (or the session) an earlier one changed.
    public init(steps: Int = 100, configuration: @escaping @MainActor () -> FlowConfiguration<Route>) {
        self.layout = configuration().layout
        self.steps = steps
        self.makeProviders = { configuration().providers }
        self.makeConfiguration = configuration
    }

    /// A fresh configuration for a replay: the walk's own, or its layout and providers.
    func freshConfiguration() -> FlowConfiguration<Route> {
        var configuration = makeConfiguration?() ?? FlowConfiguration(layout: layout, providers: makeProviders())
        configuration.layout = layout
        return configuration
    }

    /// Creates a walk that starts with modals presented (see ``/Destinations/Layout/Presenting``).
    ///
    /// - Parameters:
    ///   - layout: The first state's shape, with the modals over it.
    ///   - steps: How many steps to walk.
    ///   - providers: Makes the app's providers, fresh for each replay.
    @_disfavoredOverload
    public init(
        _ layout: Layout<Route>.Presenting, steps: Int = 100, providers: @escaping @MainActor () -> Providers<Route>
    ) {
        self.init(layout.base, steps: steps, providers: providers)
        modals = layout.modals
    }

    /// Supplies the content of an event that carries content, sent to a Destination of type
    /// `D`: the note a list selects. The event's ``/Destinations/ContentEvent`` declaration
    /// fixes the content's type. Return `nil` to send the event without content. An event
    /// without a generator is sent without content; when its response reads the content, the
    /// flow refuses it and the walk goes on.
    public mutating func content<D: Destination, Content>(
        for event: ContentEvent<D.Event, Content>,
        of type: D.Type,
        _ generate: @escaping @MainActor (D, inout WalkRandom) -> Content?
    ) {
        generators.append(
            ContentGenerator(key: ContentKey(D.self, event: AnyEvent(event.event).description)) { object, random in
                guard let destination = object as? D else { return .none }
                return .some(generate(destination, &random))
            })
    }

    /// Walks from `seed` and returns what happened.
    public func run(seed: UInt64) async -> RandomWalkReport {
        var random = WalkRandom(seed: seed)
        let session: WalkSession<Route>
        do throws(NavigationError) {
            session = try WalkSession(self)
        } catch {
            let failure = RandomWalkFailure(
                seed: seed, step: 0, violation: .startFailed(error), reproduction: [], state: "")
            return RandomWalkReport(seed: seed, steps: [], refusals: 0, failure: failure)
        }
        if let violation = session.check(before: session.flow.state, refusal: nil, tracked: []) {
            let failure = RandomWalkFailure(
                seed: seed, step: 0, violation: violation, reproduction: [], state: session.rendered)
            return RandomWalkReport(seed: seed, steps: [], refusals: 0, failure: failure)
        }
        var walked: [WalkStep] = []
        var refusals = 0
        for index in 0..<steps {
            let options = session.options()
            guard !options.isEmpty else { break }
            let action = options[Int(random.next() % UInt64(options.count))]
            let contentSeed = random.next()
            traceHandler?(index + 1, WalkStep(action: action, contentSeed: contentSeed, content: nil))
            guard let outcome = await session.run(action, contentSeed: contentSeed) else { continue }
            walked.append(outcome.step)
            if outcome.refused { refusals += 1 }
            if let violation = outcome.violation {
                let shrunk = await shrink(walked, failingWith: violation)
                let failure = RandomWalkFailure(
                    seed: seed,
                    step: walked.count,
                    violation: shrunk.violation,
                    reproduction: shrunk.steps,
                    state: shrunk.state
                )
                return RandomWalkReport(seed: seed, steps: walked, refusals: refusals, failure: failure)
            }
        }
        return RandomWalkReport(seed: seed, steps: walked, refusals: refusals, failure: nil)
    }

    /// Walks from `seed` and reports a failure, with its seed and shortest reproduction, through
    /// `reporter` (by default a Swift Testing issue at the caller's line).
    @discardableResult
    public func check(
        seed: UInt64,
        reporter: FailureReporter = .issues,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async -> RandomWalkReport {
        let report = await run(seed: seed)
        if let failure = report.failure {
            let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            reporter.report(failure.description, at: location)
        }
        return report
    }

    /// Replays a list of steps on a fresh flow — a failure's ``RandomWalkFailure/reproduction``
    /// — and returns the steps that applied, the first violation and the state then.
    public func replay(_ steps: [WalkStep]) async -> (steps: [WalkStep], violation: WalkViolation?, state: String) {
        let session: WalkSession<Route>
        do throws(NavigationError) {
            session = try WalkSession(self)
        } catch {
            return ([], .startFailed(error), "")
        }
        if let violation = session.check(before: session.flow.state, refusal: nil, tracked: []) {
            return ([], violation, session.rendered)
        }
        var executed: [WalkStep] = []
        for step in steps {
            guard let outcome = await session.run(step.action, contentSeed: step.contentSeed) else { continue }
            executed.append(outcome.step)
            if let violation = outcome.violation { return (executed, violation, session.rendered) }
        }
        return (executed, nil, session.rendered)
    }
}

/// A seeded random number generator (SplitMix64): the same seed gives the same numbers on
/// every platform and run, so a walk can be replayed from its seed.
public struct WalkRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
