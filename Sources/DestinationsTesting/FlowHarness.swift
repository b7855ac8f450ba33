/// Drives a ``/Destinations/Flow`` built from the app's real providers as a user would, headlessly, and
/// checks the navigation state after every step.
///
/// ```swift
/// @Test @MainActor func selectingANoteShowsIt() async throws {
///     let harness = try FlowHarness(NotesAppConfiguration.layout,
///                                   providers: NotesAppConfiguration.providers(store: NoteStore()))
///     try await harness.send(.select, content: NoteStore.samples[0], to: NotesList.self) {
///         """
///         tabs (selected: notes)
///           [notes] stack
///             notes
///             note(id: 1) ◀
///           [settings] stack
///             settings
///         """
///     }
///     try await harness.swipeBack { /* the list again */ … }
/// }
/// ```
///
/// Each step — ``send(_:to:id:route:fileID:filePath:line:column:_:)`` and
/// ``send(_:content:to:id:route:fileID:filePath:line:column:_:)``, ``apply(_:from:fileID:filePath:line:column:_:)``,
/// the gestures ``swipeBack(fileID:filePath:line:column:_:)``, ``swipeDownSheet(fileID:filePath:line:column:_:)``
/// and ``tapTab(_:fileID:filePath:line:column:_:)`` — runs the change, waits for the work the
/// Destinations track (``/Destinations/Flow/settle(timeout:)``: no sleeps), records the state in the ``transcript``,
/// and compares it with the expectation the trailing closure returns: the state rendered as in
/// ``/Destinations/NavigationState/rendered(ids:)``. Write the ids (`#7`) only when the test is about them;
/// an expectation without ids is compared with the state rendered without ids.
///
/// In the ``Exhaustivity/exhaustive`` mode every change must be asserted: a step that changes
/// the state without an expectation fails, and so does a change made outside the harness's
/// steps (a test that called the flow directly) that no step or ``expect(fileID:filePath:line:column:_:)``
/// accounted for. ``Exhaustivity/nonExhaustive`` checks only the expectations given.
///
/// Work under way when a step starts — the first load a screen began when the harness started
/// it, the values a stream produced since the last step — belongs to that step: the step waits
/// for it and checks its change with its own. A change the test made to the flow directly is
/// still reported as unasserted. To assert a start's work on its own, make
/// ``settle(fileID:filePath:line:column:_:)`` the first step.
///
/// What happens inside a step besides its own action — events Destinations send from their
/// code, interactor results, stream values, clock ticks — is recorded in order as
/// ``Happening``s, each with the state it led to; ``receive(_:fileID:filePath:line:column:_:)``
/// asserts them, and with ``happenings`` exhaustive one not received fails the test. A screen
/// that leaves during a step shows its last state in a `state of <route> (left)` block; an
/// expectation that starts with a `state of` block asserts only what changed. See
/// <doc:InsideAStep>.
///
/// Failed expectations are reported through the ``FailureReporter`` (by default a Swift
/// Testing issue at the step's line, and the test continues); a step that cannot run throws a
/// ``HarnessError`` saying which step, which Destination and what was expected.
@MainActor
public final class FlowHarness<Route: NavigationRoute> {
    /// Whether every change of the state must be asserted: the top-level ``DestinationsTesting/Exhaustivity``,
    /// kept under this name for code that spells it `FlowHarness<Route>.Exhaustivity`.
    public typealias Exhaustivity = DestinationsTesting.Exhaustivity

    /// The flow under test.
    public let flow: Flow<Route>
    /// The providers the flow builds Destinations with.
    public private(set) var providers: Providers<Route>
    /// Whether every change must be asserted.
    public let exhaustivity: Exhaustivity
    /// How failed expectations are reported.
    public var reporter: FailureReporter
    /// Every step so far, with the state after it.
    public private(set) var transcript: Transcript
    /// Every failure reported so far, in order.
    public private(set) var failures: [HarnessError] = []
    /// The number of steps run so far.
    public private(set) var stepCount = 0
    /// How long a step waits for tracked work before it fails with
    /// ``HarnessError/Problem/workDidNotSettle(_:)``, naming what is still pending. The
    /// default, 30 seconds, is far above what tracked work takes; it is a safety net for work
    /// that never ends, generous enough for a test suite that runs many main-actor tests in
    /// parallel on a loaded machine.
    public var settleTimeout: Duration = .seconds(30)
    /// Whether every ``Happening`` inside a step — an event a Destination sent from its code,
    /// an interactor's result, a stream's value, a clock's tick — must be received with
    /// ``receive(_:fileID:filePath:line:column:_:)`` before the next step. The default,
    /// ``Exhaustivity/nonExhaustive``, lists the ones not received in ``skipped``; set it to
    /// ``Exhaustivity/exhaustive`` and one not received fails the test, naming its step and
    /// its value.
    public var happenings: Exhaustivity = .nonExhaustive
    /// Whether what a non-exhaustive check leaves unchecked is printed as it is skipped,
    /// with the step's line; it is listed in ``skipped`` either way.
    public var showsSkipped = false
    /// What the checks left unchecked so far, in order: the screens' states and happenings a
    /// non-exhaustive harness did not assert, and the happenings ``skipHappenings(fileID:filePath:line:)``
    /// dropped.
    public internal(set) var skipped: [String] = []

    /// The state the test has accounted for: the one after the last asserted step.
    var accounted: NavigationState<Route>
    /// The screen states the test has accounted for, by screen id.
    var accountedScreens: ScreenStates = [:]
    /// The pending change the test has accounted for.
    var accountedPending: PendingFacet?
    /// The last step's action, for messages.
    var lastAction = "start"
    /// What the end of the test checks: the work left running.
    var endOfTest = EndOfTest()
    private let transcriptIDs: Bool
    /// The happenings recorded and not received yet.
    var unreceived: [Heard] = []
    /// The step the happenings heard now belong to.
    var recordingStep = 0
    /// The event the running step sends itself, which is not a happening.
    var ownEvent: OwnEvent?
    /// The presenter of the alert a running tap sent its button's event from.
    var forwardedTo: ElementID?
    /// The screens seen during the running step, with their last state.
    var seen: [ElementID: LeftScreen] = [:]
    private var changeObservation: FlowChangeObservation?

    /// Builds the flow from the app's providers, with any of them swapped for test doubles
    /// (``/Destinations/Providers/overriding(_:with:)``).
    ///
    /// - Parameters:
    ///   - layout: The first state's shape.
    ///   - providers: The providers the flow builds Destinations with.
    ///   - exhaustivity: Whether every change must be asserted; by default it must.
    ///   - ids: The flow's id generator; the default numbers elements from 1, so ids and
    ///     transcripts are the same on every run.
    ///   - transcriptIDs: Whether the ``transcript`` prints element ids.
    ///   - reporter: How failed expectations are reported.
    /// - Throws: The flow's ``/Destinations/NavigationError`` when it cannot start.
    public convenience init(
        _ layout: Layout<Route>,
        providers: Providers<Route>,
        exhaustivity: Exhaustivity = .exhaustive,
        ids: some ElementIDGenerator = SequentialElementIDs(),
        transcriptIDs: Bool = true,
        reporter: FailureReporter = .issues
    ) throws(NavigationError) {
        try self.init(
            Layout<Route>.Presenting(layout),
            providers: providers,
            exhaustivity: exhaustivity,
            ids: ids,
            transcriptIDs: transcriptIDs,
            reporter: reporter
        )
    }

    /// Builds the flow from the app's providers, starting with modals presented: a test that
    /// begins on the add sheet.
    ///
    /// ```swift
    /// let harness = try FlowHarness(.stack(.meetings).presenting(.addMeeting), providers: providers)
    /// ```
    ///
    /// - Parameters:
    ///   - layout: The first state's shape, with the modals over it.
    ///   - providers: The providers the flow builds Destinations with.
    ///   - exhaustivity: Whether every change must be asserted; by default it must.
    ///   - ids: The flow's id generator; the default numbers elements from 1, so ids and
    ///     transcripts are the same on every run.
    ///   - transcriptIDs: Whether the ``transcript`` prints element ids.
    ///   - reporter: How failed expectations are reported.
    /// - Throws: The flow's ``/Destinations/NavigationError`` when it cannot start.
    @_disfavoredOverload
    public convenience init(
        _ layout: Layout<Route>.Presenting,
        providers: Providers<Route>,
        exhaustivity: Exhaustivity = .exhaustive,
        ids: some ElementIDGenerator = SequentialElementIDs(),
        transcriptIDs: Bool = true,
        reporter: FailureReporter = .issues
    ) throws(NavigationError) {
        var configuration = FlowConfiguration(layout: layout.base, providers: providers)
        configuration.ids = ids
        try self.init(
            configuration, presenting: layout.modals, exhaustivity: exhaustivity, transcriptIDs: transcriptIDs,
            reporter: reporter)
    }

    /// Builds the flow from the configuration the app uses — its guards, asynchronous guards,
    /// limits and clock — so that a test performs requests such as links, meets redirects and
    /// resumes pending changes exactly as the app does (``perform(_:fileID:filePath:line:column:_:)->()``,
    /// ``resumePending(fileID:filePath:line:column:_:)``).
    ///
    /// ```swift
    /// var configuration = AppConfiguration.configuration(session: session)
    /// configuration.providers = configuration.providers.overriding("notes", with: mockNotes)
    /// let harness = try FlowHarness(configuration)
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: What the flow is made of.
    ///   - modals: Modals presented over the configuration's layout at the start, through the
    ///     flow's pipeline.
    ///   - exhaustivity: Whether every change must be asserted; by default it must.
    ///   - transcriptIDs: Whether the ``transcript`` prints element ids.
    ///   - reporter: How failed expectations are reported.
    /// - Throws: The flow's ``/Destinations/NavigationError`` when it cannot start.
    public init(
        _ configuration: FlowConfiguration<Route>,
        presenting modals: [Layout<Route>.Presenting.PresentedLayout] = [],
        exhaustivity: Exhaustivity = .exhaustive,
        transcriptIDs: Bool = true,
        reporter: FailureReporter = .issues
    ) throws(NavigationError) {
        let flow = try Flow(configuration, presenting: modals)
        self.flow = flow
        self.providers = configuration.providers
        self.exhaustivity = exhaustivity
        self.reporter = reporter
        self.transcriptIDs = transcriptIDs
        self.accounted = flow.state
        self.transcript = Transcript()
        accountedScreens = readScreenStates()
        accountedPending = PendingFacet(flow)
        let shown = Set(accountedScreens.keys)
        let start = Self.render(
            flow.state, ids: transcriptIDs, screens: shown, states: accountedScreens, pending: accountedPending?.line)
        transcript.append(step: 0, action: "start", state: start)
        flow.happeningRecorder = { [weak self] happening in self?.heard(happening) }
        changeObservation = flow.observeChanges { [weak self] _ in self?.noteScreens() }
    }

    isolated deinit {
        checkRunningWork()
    }

    /// The flow's state now.
    public var state: NavigationState<Route> { flow.state }

    /// The Destination of a visible screen of type `D`: the focused one if it is of that type,
    /// else the only one. Use it to read a screen's model in a test.
    public func destination<D: Destination>(_ type: D.Type) -> D? where D.Route == Route {
        try? resolve(type, id: nil, route: nil).destination
    }

    /// Swaps the providers for screens added from now on: an A/B variant mid-test.
    public func replaceProviders(_ providers: Providers<Route>) {
        self.providers = providers
        flow.replaceProviders(providers)
    }

    // MARK: - Steps

    /// Sends an event without content to a visible Destination, as its view would, and checks
    /// the state after it.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - type: The type of the Destination to send it to.
    ///   - id: The screen, when several visible screens show a `D`; by default the focused
    ///     screen if it shows a `D`, else the only visible one that does.
    ///   - route: The route of the screen, when several visible screens show a `D` and the
    ///     route tells them apart; ignored when `id` is given.
    ///   - expected: The state after the step, rendered (see the type's documentation).
    ///   - fileID: Where the call is written; leave the default.
    ///   - filePath: Where the call is written; leave the default.
    ///   - line: Where the call is written; leave the default.
    ///   - column: Where the call is written; leave the default.
    /// - Throws: ``HarnessError`` when no such Destination is visible or the flow refused the
    ///   event. (An event that carries content, a ``/Destinations/ContentEvent``, does not
    ///   compile without it: its case needs a ``/Destinations/Carrying``, and the only one a
    ///   caller can write, ``/Destinations/Carrying/listed``, is refused as carrying no content.)
    public func send<D: Destination>(
        _ event: D.Event,
        to type: D.Type,
        id: ElementID? = nil,
        route: Route? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) where D.Route == Route {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        try await send(event, content: nil, to: type, id: id, route: route, location: location, expected: expected)
    }

    /// Sends an event that carries content to a visible Destination, as its view would, and
    /// checks the state after it. The event's ``/Destinations/ContentEvent`` declaration fixes the content's
    /// type, as for ``/Destinations/Destination/send(_:content:)``: sending anything else does not compile.
    ///
    /// ```swift
    /// try await harness.send(.select, content: note, to: NotesList.self) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event, declared with its content type.
    ///   - content: The event's content, for its response.
    ///   - type: The type of the Destination to send it to.
    ///   - id: The screen, when several visible screens show a `D`; by default the focused
    ///     screen if it shows a `D`, else the only visible one that does.
    ///   - route: The route of the screen, when several visible screens show a `D` and the
    ///     route tells them apart; ignored when `id` is given.
    ///   - expected: The state after the step, rendered (see the type's documentation).
    ///   - fileID: Where the call is written; leave the default.
    ///   - filePath: Where the call is written; leave the default.
    ///   - line: Where the call is written; leave the default.
    ///   - column: Where the call is written; leave the default.
    /// - Throws: ``HarnessError`` when no such Destination is visible or the flow refused the
    ///   event.
    public func send<D: Destination, Content>(
        _ event: ContentEvent<D.Event, Content>,
        content: Content,
        to type: D.Type,
        id: ElementID? = nil,
        route: Route? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) where D.Route == Route {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        try await send(
            event.event, content: content, to: type, id: id, route: route, location: location, expected: expected)
    }

    /// Sends an event with or without content: the step both forms of `send` run.
    func send<D: Destination>(
        _ event: D.Event,
        content: (any Sendable)?,
        to type: D.Type,
        id: ElementID?,
        route: Route?,
        location: HarnessSourceLocation,
        expected: (() -> String)?
    ) async throws(HarnessError) where D.Route == Route {
        let payload = content.map { " with \(String(describing: $0))" } ?? ""
        let contentCall = content.map { "content: <#\(String(describing: $0))#>, " } ?? ""
        let name = AnyEvent(event).description
        let call = "send(.\(name), \(contentCall)to: \(D.self).self)"
        try await step("send \(name) to \(D.self)\(payload)", location: location, expected: expected, call: call) {
            () throws(HarnessError) -> String? in
            let (destination, label) = try resolve(type, id: id, route: route)
            if let screen = destination.id { ownEvent = OwnEvent(screen: screen, event: AnyHashable(event)) }
            do throws(NavigationError) {
                try destination.send(event, carrying: content)
            } catch {
                throw failure(.refused(error), destination: label)
            }
            return label
        }
    }

    /// Applies a presentation, as code outside the screens would (a deep link, a push
    /// notification), and checks the state after it.
    ///
    /// - Throws: ``HarnessError`` when the flow refused it.
    public func apply(
        _ presentation: Presentation<Route>,
        from origin: ElementID? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let from = origin.map { " from \($0)" } ?? ""
        try await step(
            "apply \(presentation)\(from)", location: location, expected: expected, call: "apply(<#\(presentation)#>)"
        ) {
            () throws(HarnessError) -> String? in
            do throws(NavigationError) {
                try flow.apply(presentation, from: origin)
            } catch {
                throw failure(.refused(error), destination: nil)
            }
            return nil
        }
    }

    // MARK: - Running a step

    /// Runs one step: checks that nothing changed unasserted since the last one, runs `body`
    /// (which returns the label of the screen it acted on), waits for tracked work, records the
    /// state and checks it.
    func step(
        _ action: String,
        location: HarnessSourceLocation,
        expected: (() -> String)?,
        checksBefore: Bool = true,
        call: String? = nil,
        _ body: () async throws(HarnessError) -> String?
    ) async throws(HarnessError) {
        // A change made outside the steps since the last one (the test called the flow
        // directly) is checked before anything runs. Work already under way when the step
        // starts — stream values produced, a woken clock's ticks — belongs to this step: it is
        // awaited below and its change checked with the step's own.
        if checksBefore { checkAccounted(at: location) }
        checkUnreceived(at: location)
        recordingStep = stepCount + 1
        seen = [:]
        noteScreens()
        try await settleWork()
        stepCount += 1
        lastAction = action
        beginStep(action, at: location)
        let before = accounted
        let beforeScreens = accountedScreens
        let beforePending = accountedPending
        let label: String?
        do {
            defer { ownEvent = nil }
            label = try await body()
        } catch {
            transcript.append(step: stepCount, action: action, state: "refused: \(error.problem)")
            throw error
        }
        try await settleWork()
        let after = flow.state
        let afterScreens = readScreenStates()
        closeHappenings(at: (after, afterScreens), endingStep: true)
        let left = leftScreens(from: after)
        seen = [:]
        let labelled = label.map { "\(action) (\($0))" } ?? action
        let changed = Self.changedScreens(from: beforeScreens, to: afterScreens)
        let afterPending = PendingFacet(flow)
        let recorded = Self.render(
            after, ids: transcriptIDs, screens: changed, states: afterScreens,
            pending: PendingFacet.changedLine(from: beforePending, to: afterPending),
            left: Self.changedLeft(left, from: beforeScreens))
        transcript.append(step: stepCount, action: labelled, state: recorded, call: call)
        verify(
            before: (before, beforeScreens),
            after: (after, afterScreens),
            pending: (beforePending, afterPending),
            expected: expected?(),
            destination: label,
            location: location,
            left: left
        )
        accounted = after
        accountedScreens = afterScreens
        accountedPending = afterPending
    }

    /// Waits for tracked work, failing the step when it does not finish in time.
    func settleWork() async throws(HarnessError) {
        do throws(SettleTimeout) {
            try await flow.settle(timeout: settleTimeout)
        } catch {
            let failure = failure(.workDidNotSettle(error), destination: nil)
            transcript.append(step: stepCount, action: lastAction, state: "unsettled: \(error)")
            throw failure
        }
    }

    func failure(_ problem: HarnessError.Problem, destination: String?) -> HarnessError {
        HarnessError(step: stepCount, action: lastAction, destination: destination, problem: problem)
    }

    func report(_ error: HarnessError, at location: HarnessSourceLocation) {
        failures.append(error)
        reporter.report(error.description, at: location)
    }
}
