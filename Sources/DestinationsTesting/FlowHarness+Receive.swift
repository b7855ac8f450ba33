import Destinations

/// The event a step sends itself, which is not a happening: the event a `send` step sends, or
/// the one an alert's button sends, with the presenter's event the alert forwards it as.
struct OwnEvent {
    /// The screen it comes from.
    var screen: ElementID
    /// The event, when the step knows it.
    var event: AnyHashable?
    /// The alert's presenter, whose event sent last during the tap is the button's, forwarded
    /// once the alert closed (after the events the dismissal set off).
    var forwardedTo: ElementID?

    func matches(screen sender: ElementID, event sent: AnyHashable?) -> Bool {
        sender == screen && (event == nil || event == sent)
    }
}

extension FlowHarness {
    /// A happening as the harness keeps it until a test receives it: with the state before it
    /// and the state it led to.
    struct Heard {
        let happening: Happening
        let before: NavigationState<Route>
        let beforeScreens: ScreenStates
        var after: (state: NavigationState<Route>, screens: ScreenStates)?
        /// Whether it is the last of its step: the state it led to is the step's own, which the
        /// step's expectation asserted.
        var isLast = false
    }

    /// Records a happening the flow reported, with the state before it; the state it led to
    /// is the state when the next one starts, or when its step ends.
    func heard(_ happening: FlowHappening) {
        if let own = ownEvent, happening.kind == .event, let screen = happening.screen,
            own.matches(screen: screen, event: happening.value as? AnyHashable)
        {
            ownEvent = nil
            forwardedTo = own.forwardedTo
            return
        }
        let state = flow.state
        let screens = readScreenStates()
        noteScreens(screens, in: state)
        closeHappenings(at: (state, screens), endingStep: false)
        let record = Happening(
            step: recordingStep, kind: Self.kind(happening.kind), screen: happening.screen, source: happening.source,
            value: happening.value)
        unreceived.append(Heard(happening: record, before: state, beforeScreens: screens))
    }

    /// Drops the event an alert forwarded to its presenter during a tap: the presenter's last
    /// event recorded since `start`, which is the tap's own. The happening before it leads to
    /// the state it led to.
    func dropForwardedEvent(since start: Int) {
        defer { forwardedTo = nil }
        guard let presenter = forwardedTo,
            let index = unreceived.indices.last(where: { index in
                index >= start && unreceived[index].happening.kind == .event
                    && unreceived[index].happening.screen == presenter
            })
        else { return }
        let dropped = unreceived.remove(at: index)
        if index > 0, unreceived[index - 1].after != nil { unreceived[index - 1].after = dropped.after }
    }

    /// Gives the happenings still open the state they led to; at a step's end, marks the last
    /// one as the step's.
    func closeHappenings(at now: (state: NavigationState<Route>, screens: ScreenStates), endingStep: Bool) {
        for index in unreceived.indices where unreceived[index].after == nil {
            unreceived[index].after = now
            if endingStep { unreceived[index].isLast = true }
        }
    }

    private static func kind(_ kind: FlowHappening.Kind) -> Happening.Kind {
        switch kind {
        case .event: .event
        case .result: .result
        case .value: .value
        }
    }

    // MARK: - Receiving

    /// Asserts the next thing that happened inside a step — an event a Destination sent from
    /// its code, an interactor's result, a stream's value or a clock's tick — and, when given,
    /// the state it led to.
    ///
    /// ```swift
    /// try await harness.tapAlertButton(labeled: "Resume") { … }
    /// harness.receive(1) {            // the tick under the alert, and the state after it
    ///     """
    ///     stack
    ///       meetings
    ///       record(1) ◀
    ///     state of record(1)
    ///       secondsElapsed: 1
    ///     """
    /// }
    /// ```
    ///
    /// With ``happenings`` set to ``Exhaustivity/exhaustive``, every happening must be
    /// received before the next step (or ``finish(fileID:filePath:line:column:)``), and one
    /// that changed the state must give the state it led to — unless it is the last of its
    /// step, whose state the step's expectation asserted. The expectation is written as a
    /// step's is; without a tree, it lists only what changed.
    public func receive<Value: Equatable & Sendable>(
        _ value: Value,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        receive(ScreenStateText.compact(value), at: location, expected: expected) { ($0 as? Value) == value }
    }

    /// Asserts the next thing that happened inside a step by its type and a test of its value:
    /// for a result whose value is not `Equatable`.
    ///
    /// ```swift
    /// harness.receive(Result<Response, NotesError>.self, where: { (try? $0.get()) != nil })
    /// ```
    public func receive<Value: Sendable>(
        _ type: Value.Type,
        where matches: (Value) -> Bool = { _ in true },
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        receive("a \(Value.self)", at: location, expected: expected) { ($0 as? Value).map(matches) ?? false }
    }

    /// The happenings recorded and not received yet, oldest first.
    public var pendingHappenings: [Happening] { unreceived.map(\.happening) }

    /// Drops the happenings not received yet, on purpose: they are listed in ``skipped``.
    public func skipHappenings(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1)
        for heard in unreceived { skip("\(heard.happening) (step \(heard.happening.step))", at: location) }
        unreceived.removeAll()
    }

    private func receive(
        _ wanted: String,
        at location: HarnessSourceLocation,
        expected: (() -> String)?,
        matches: (any Sendable) -> Bool
    ) {
        guard !unreceived.isEmpty else {
            report(failure(.unexpectedHappening(expected: wanted, received: nil), destination: nil), at: location)
            return
        }
        let heard = unreceived.removeFirst()
        guard matches(heard.happening.value) else {
            let error = HarnessError(
                step: heard.happening.step, action: "receive", destination: heard.happening.source,
                problem: .unexpectedHappening(expected: wanted, received: heard.happening.description))
            report(error, at: location)
            return
        }
        let after = heard.after ?? (flow.state, readScreenStates())
        let text = expected?()
        if text == nil {
            let changed =
                heard.before != after.state
                || !Self.changedScreens(from: heard.beforeScreens, to: after.screens).isEmpty
            // The last happening of a step led to the step's state, which the step asserted.
            guard changed, !heard.isLast else { return }
            guard exhaustivity == .exhaustive else {
                skip("the state after \(heard.happening)", at: location)
                return
            }
        }
        // The pending change is the step's to account for, not a happening's.
        let pending = PendingFacet(flow)
        verify(
            before: (heard.before, heard.beforeScreens), after: after, pending: (pending, pending), expected: text,
            destination: heard.happening.source, location: location)
    }

    /// Fails the test for each happening not received, in the exhaustive mode; lists it in
    /// ``skipped`` otherwise.
    func checkUnreceived(at location: HarnessSourceLocation) {
        guard !unreceived.isEmpty else { return }
        let missed = unreceived
        unreceived.removeAll()
        for heard in missed {
            if happenings == .exhaustive {
                let error = HarnessError(
                    step: heard.happening.step, action: "after step \(heard.happening.step)",
                    destination: heard.happening.source, problem: .unreceivedHappening(heard.happening.description))
                report(error, at: location)
            } else {
                skip("\(heard.happening) (step \(heard.happening.step))", at: location)
            }
        }
    }
}
