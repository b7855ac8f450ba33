// Performance: the event path figure (Benchmarks/README.md, "Figures").
extension Flow {
    /// A stream of every change the flow makes or refuses from now on, in order. Each call
    /// returns a new stream; it ends when the flow is released. A stream asked for during a
    /// change (from a lifecycle hook or a provider) starts with the next change.
    ///
    /// A subscriber that stops reading does not make the flow hold on to events without bound:
    /// the stream keeps the newest `limit` events it has not delivered and drops older ones.
    /// ``FlowEvent/sequence`` then shows the gap.
    ///
    /// - Parameter limit: How many undelivered events to keep, at least 1.
    public func events(bufferingNewest limit: Int = 256) -> AsyncStream<FlowEvent<Route>> {
        let (stream, continuation) = AsyncStream<FlowEvent<Route>>.makeStream(
            bufferingPolicy: .bufferingNewest(max(1, limit)))
        let key = nextSubscriber
        nextSubscriber += 1
        if isBusy { subscriberCutoff = min(subscriberCutoff, key) }
        subscribers[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[key] = nil }
        }
        return stream
    }

    /// Ends the change under way: the subscribers that joined during it hear the next one.
    @usableFromInline func endChange() {
        isBusy = false
        if subscriberCutoff != .max { subscriberCutoff = .max }
    }

    /// Numbers an event and hands it to every subscriber; builds nothing without one.
    @usableFromInline
    func emit(cause: FlowEvent<Route>.Cause, summary: CommitSummary<Route>?, refusal: NavigationError?) {
        sequence += 1
        guard hasSubscribers else { return }
        publish(cause: cause, summary: summary, refusal: refusal)
    }

    /// Tells a test harness recording the flow (``happeningRecorder``) of a Destination's
    /// event; does nothing without one.
    @usableFromInline func recordEvent<Event: Sendable>(_ event: Event, of type: Any.Type, screen: ElementID) {
        guard let record = happeningRecorder else { return }
        record(FlowHappening(.event, screen: screen, source: "\(type)", value: event))
    }

    /// Hands the event numbered last to every subscriber.
    func publish(
        cause: FlowEvent<Route>.Cause, summary: CommitSummary<Route>?, refusal: NavigationError?
    ) {
        // Touched elements are worked out when the change starts with subscribers; without
        // them, every subscriber joined during the change and waits for the next one.
        if let summary, summary.touched == nil { return }
        let changes = summary?.changes ?? NavigationChanges()
        let event = FlowEvent(sequence: sequence, cause: cause, changes: changes, state: storage, refusal: refusal)
        for (key, continuation) in subscribers where key < subscriberCutoff {
            continuation.yield(event)
        }
    }

    /// Runs a Destination's event: the response its provider configured.
    @inlinable
    func handle<D: Destination>(
        _ event: D.Event,
        content: (any Sendable)?,
        from destination: D,
        table: EventTable<D>
    ) throws(NavigationError) where D.Route == Route {
        guard let id = destination.context.id, live[id] != nil, let route = destination.context.route else {
            throw .destinationRemoved(destination.context.id ?? ElementID(0))
        }
        guard let response = table.response(for: event) else {
            logger.log(.error, "\(id) \(route.name): event '\(AnyEvent(event).description)' is not configured")
            throw .unconfiguredEvent(event: AnyEvent(event).description, route: route.name)
        }
        let input = EventResponse<D>.Input(destination: destination, event: event, content: content)
        let presentation: Presentation<Route>
        var handed: (any Sendable)?
        switch response.kind {
        case .presentation(let fixed):
            presentation = fixed
        case .assistant(_, let handsOff, let assistant):
            presentation = try assistant(input)
            if handsOff { handed = content }
        case .perform(_, let body):
            logger.log(.debug, "\(id) \(route.name): event '\(AnyEvent(event).description)' performs")
            try body(input)
            return
        }
        try apply(
            presentation, fromDestination: id, object: destination,
            cause: .event(AnyEvent(event), route: route, from: id, presentation), handing: handed)
    }
}

extension FlowEvent.Cause {
    /// A one-line summary for logs.
    public var summary: String {
        switch self {
        case .start: "start"
        case .presentation(let presentation, let origin):
            "\(presentation.name)\(origin.map { " from \($0)" } ?? "")"
        case .event(let event, let route, let origin, let presentation):
            "\(route.name).\(event) from \(origin) → \(presentation.name)"
        case .userAction(let action): action.name
        case .restore: "restore"
        case .opened(let name, let source): "open \(name) from \(source)"
        }
    }
}

extension FlowEvent.Cause: CustomStringConvertible {
    /// The cause in full, as code would write it, for transcripts and the inspector:
    /// `apply push(.note(id: 12)) from #3`, `event select from .notes #3 → push(.note(id: 1))`,
    /// `user popped(stack: #2, to: #3)`.
    public var description: String {
        switch self {
        case .start: "start"
        case .presentation(let presentation, let origin):
            "apply \(presentation)\(origin.map { " from \($0)" } ?? "")"
        case .event(let event, let route, let origin, let presentation):
            "event \(event) from \(route.readableDescription) \(origin) → \(presentation)"
        case .userAction(let action): "user \(action)"
        case .restore: "restore"
        case .opened(let name, let source): "open \(name) from \(source)"
        }
    }
}
