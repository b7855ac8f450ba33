extension EventResponse {
    /// Sends a fixed request to an interactor and delivers its typed result to the
    /// Destination, on the main actor: the default assistant.
    ///
    /// ```swift
    /// events.on(.retrieve, .request(datasource, .init(action: .retrieve)) { list, result in
    ///     list.receive(result)       // Result<[Note], NotesError>: no casts
    /// })
    /// ```
    ///
    /// The request runs as tracked work (``Flow/settle(timeout:)`` waits for it). Requests from one
    /// Destination run concurrently, but their results are delivered in the order the requests
    /// were sent, so a slow first page never overwrites a second. When the Destination is
    /// removed first, the request is cancelled and `deliver` is never called.
    public static func request<I: Interactor>(
        _ interactor: I,
        _ request: I.Request,
        deliver: @escaping @MainActor @Sendable (D, Result<I.Success, I.Failure>) -> Void
    ) -> EventResponse {
        self.request(interactor, assistant: { _ in request }, deliver: deliver)
    }

    /// Sends the request an assistant builds from the event — its content, the Destination's
    /// state — to an interactor, and delivers the typed result to the Destination.
    ///
    /// ```swift
    /// events.on(.paginate, .request(datasource, assistant: { input in
    ///     .init(action: .paginate(page: input.destination.page + 1))
    /// }) { list, result in list.receive(result) })
    /// ```
    ///
    /// An assistant that throws makes `send` throw ``NavigationError/assistantFailed(event:reason:)``
    /// (or the ``NavigationError`` it threw); no request is sent.
    public static func request<I: Interactor>(
        _ interactor: I,
        assistant: @escaping @MainActor @Sendable (EventResponse<D>.Input) throws -> I.Request,
        deliver: @escaping @MainActor @Sendable (D, Result<I.Success, I.Failure>) -> Void
    ) -> EventResponse {
        EventResponse(
            kind: .perform(summary: "request(\(I.self))") { (input: EventResponse<D>.Input) throws(NavigationError) in
                let request = try NavigationError.wrapping(event: input.event) { try assistant(input) }
                let context = input.destination.context
                let previous = context.lastDelivery
                context.lastDelivery = context.track(label: request, waitsForPreparation: true) {
                    [weak destination = input.destination] in
                    let result = await context.untilRemoved { await interactor.perform(request: request) }
                    await previous?.value
                    guard let result, !Task.isCancelled, !context.isRemoved, let destination else { return }
                    context.record(.result, source: "\(I.self)", value: result)
                    deliver(destination, result)
                }
            },
            interactors: [InteractorHooks(interactor)]
        )
    }

    /// Performs a fixed request on a synchronous service and delivers its result before
    /// `send` returns.
    public static func request<S: SyncInteractor>(
        _ service: S,
        _ request: S.Request,
        deliver: @escaping @MainActor @Sendable (D, Result<S.Success, S.Failure>) -> Void
    ) -> EventResponse {
        self.request(service, assistant: { _ in request }, deliver: deliver)
    }

    /// Performs the request an assistant builds from the event on a synchronous service, and
    /// delivers its result before `send` returns.
    public static func request<S: SyncInteractor>(
        _ service: S,
        assistant: @escaping @MainActor @Sendable (EventResponse<D>.Input) throws -> S.Request,
        deliver: @escaping @MainActor @Sendable (D, Result<S.Success, S.Failure>) -> Void
    ) -> EventResponse {
        EventResponse(
            kind: .perform(summary: "request(\(S.self))") { (input: EventResponse<D>.Input) throws(NavigationError) in
                let request = try NavigationError.wrapping(event: input.event) { try assistant(input) }
                deliver(input.destination, service.perform(request: request))
            },
            interactors: [InteractorHooks(service)]
        )
    }

    /// Starts a stream and delivers each of its values to the Destination, on the main actor,
    /// until the stream ends, a ``stopStreams`` response runs, or the Destination is removed.
    ///
    /// ```swift
    /// events.on(.start, .stream(ticker, .init(every: 1)) { counter, tick in counter.count = tick })
    /// events.on(.stop, .stopStreams)
    /// ```
    ///
    /// Iterating a stream is not tracked work, since a live stream may never end; but the values
    /// of a ``TrackedStream`` (and of `Clock.ticks(every:)`) count from the moment they are
    /// produced until `deliver` ran, so ``Flow/settle(timeout:)`` — and every step of a test harness —
    /// waits for the values already produced.
    public static func stream<S: StreamInteractor>(
        _ interactor: S,
        _ request: S.StreamRequest,
        deliver: @escaping @MainActor @Sendable (D, S.Element) -> Void
    ) -> EventResponse {
        stream(interactor, assistant: { _ in request }, deliver: deliver)
    }

    /// Starts the stream an assistant asks for, built from the event — its content, the
    /// Destination's state — and delivers each of its values to the Destination.
    ///
    /// ```swift
    /// events.on(.watch, .stream(reviews, assistant: { input in
    ///     try input.content(as: Product.ID.self)
    /// }) { screen, review in screen.reviews.append(review) })
    /// ```
    ///
    /// An assistant that throws makes `send` throw ``NavigationError/assistantFailed(event:reason:)``
    /// (or the ``NavigationError`` it threw); no stream starts.
    public static func stream<S: StreamInteractor>(
        _ interactor: S,
        assistant: @escaping @MainActor @Sendable (EventResponse<D>.Input) throws -> S.StreamRequest,
        deliver: @escaping @MainActor @Sendable (D, S.Element) -> Void
    ) -> EventResponse {
        EventResponse(
            kind: .perform(summary: "stream(\(S.self))") { (input: EventResponse<D>.Input) throws(NavigationError) in
                let request = try NavigationError.wrapping(event: input.event) { try assistant(input) }
                input.destination.context.startStream(interactor, request: request) {
                    [weak destination = input.destination] value in
                    if let destination { deliver(destination, value) }
                }
            },
            interactors: [InteractorHooks(interactor)]
        )
    }

    /// Stops every stream the Destination started.
    public static var stopStreams: EventResponse {
        EventResponse(
            kind: .perform(summary: "stopStreams") { (input: EventResponse<D>.Input) throws(NavigationError) in
                input.destination.context.stopStreams()
            }
        )
    }
}
