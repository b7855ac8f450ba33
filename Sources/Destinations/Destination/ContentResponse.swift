/// What an event that carries content does, with the content typed: a presentation built from
/// it, a hand-off of it to the next screen, or work of your own.
///
/// Configure it with ``EventTable/on(_:_:)-(ContentEvent<D.Event,Content>,ContentResponse<D,Content>)``; the event's
/// ``ContentEvent`` fixes `Content`, so the closures need no annotation:
///
/// ```swift
/// events.on(.select, .present { note in .sheet(.noteCard(id: note.id)) })
/// events.on(.select, .handOff { note in .push(.note(id: note.id)) })
/// events.on(.remove, .perform { cart, id in cart.remove(id) })
/// ```
///
/// A response that does not read the content (a fixed presentation, an interactor request) is
/// configured with the plain case: `events.on(.select, .present(.push(.list)))`.
public struct ContentResponse<D: Destination, Content: Sendable>: Sendable {
    /// The response, with the content checked once more where it arrives untyped (an event
    /// fired by name, by a test tool).
    public let response: EventResponse<D>

    init(_ response: EventResponse<D>) {
        self.response = response
    }

    /// Runs the presentation an assistant builds from the event's content: the place to pass
    /// the selected item along, or to choose the route at run time.
    public static func present(
        _ assistant: @escaping @MainActor @Sendable (Content) throws -> Presentation<D.Route>
    ) -> ContentResponse {
        ContentResponse(.typedAssistant(handsOff: false, assistant))
    }

    /// Runs the presentation an assistant builds from the event's content, and hands the
    /// content to the Destination of the screen the presentation ends on, when it is new: the
    /// seed's way of passing the selected model to the next screen, while the route keeps only
    /// what identifies it.
    ///
    /// ```swift
    /// events.on(.select, .handOff { note in .push(.note(id: note.id)) })
    /// // the detail's provider: Provider { (route: AppRoute, note: Note?) in NoteDetail(…, note: note) }
    /// ```
    ///
    /// Only the Destination's provider sees the content; the state, its renderings and its
    /// URLs keep the route alone.
    public static func handOff(
        _ assistant: @escaping @MainActor @Sendable (Content) throws -> Presentation<D.Route>
    ) -> ContentResponse {
        ContentResponse(.typedAssistant(handsOff: true, assistant))
    }

    /// The same response, declaring the routes it may lead to, for the flow graph and
    /// validation (see ``EventResponse/leading(to:)``).
    public func leading(to routes: D.Route...) -> ContentResponse {
        var response = self.response
        for route in routes { response = response.leading(to: route) }
        return ContentResponse(response)
    }

    /// Runs the presentation an assistant builds from the whole event, with its content typed:
    /// the Destination that sent it and the content.
    ///
    /// ```swift
    /// events.on(.open, .assist { input in .push(.item(input.content, in: input.destination.route)) })
    /// ```
    public static func assist(
        _ assistant: @escaping @MainActor @Sendable (Input) throws -> Presentation<D.Route>
    ) -> ContentResponse {
        ContentResponse(
            EventResponse(
                kind: .assistant(content: String(describing: Content.self), handsOff: false) {
                    (input: EventResponse<D>.Input) throws(NavigationError) in
                    let typed = Input(
                        destination: input.destination, event: input.event,
                        content: try input.typedContent(as: Content.self))
                    return try NavigationError.wrapping(event: input.event) { try assistant(typed) }
                }
            )
        )
    }

    /// Runs code of your own with the Destination that sent the event and its content.
    public static func perform(
        _ body: @escaping @MainActor @Sendable (D, Content) throws -> Void
    ) -> ContentResponse {
        ContentResponse(
            EventResponse(
                kind: .perform(summary: "perform(\(Content.self))") {
                    (input: EventResponse<D>.Input) throws(NavigationError) in
                    let content = try input.typedContent(as: Content.self)
                    try NavigationError.wrapping(event: input.event) { try body(input.destination, content) }
                }
            )
        )
    }
}

extension ContentResponse {
    /// Sends the request an assistant builds from the event's content to an interactor, and
    /// delivers the typed result to the Destination: the content arrives typed, as in
    /// ``present(_:)``.
    ///
    /// ```swift
    /// events.on(.save, .request(datasource, assistant: { note in .init(action: .update(note)) }) { detail, result in
    ///     detail.receive(result)
    /// })
    /// ```
    ///
    /// An assistant that throws makes `send` throw ``NavigationError/assistantFailed(event:reason:)``
    /// (or the ``NavigationError`` it threw); no request is sent.
    public static func request<I: Interactor>(
        _ interactor: I,
        assistant: @escaping @MainActor @Sendable (Content) throws -> I.Request,
        deliver: @escaping @MainActor @Sendable (D, Result<I.Success, I.Failure>) -> Void
    ) -> ContentResponse {
        ContentResponse(
            .request(
                interactor, assistant: { input in try assistant(input.typedContent(as: Content.self)) },
                deliver: deliver))
    }

    /// Performs the request an assistant builds from the event's content on a synchronous
    /// service, and delivers its result before `send` returns.
    public static func request<S: SyncInteractor>(
        _ service: S,
        assistant: @escaping @MainActor @Sendable (Content) throws -> S.Request,
        deliver: @escaping @MainActor @Sendable (D, Result<S.Success, S.Failure>) -> Void
    ) -> ContentResponse {
        ContentResponse(
            .request(
                service, assistant: { input in try assistant(input.typedContent(as: Content.self)) }, deliver: deliver))
    }

    /// Starts the stream an assistant asks for, built from the event's content, and delivers
    /// each of its values to the Destination.
    ///
    /// ```swift
    /// events.on(.watch, .stream(reviews, assistant: { productID in productID }) { screen, review in
    ///     screen.reviews.append(review)
    /// })
    /// ```
    public static func stream<S: StreamInteractor>(
        _ interactor: S,
        assistant: @escaping @MainActor @Sendable (Content) throws -> S.StreamRequest,
        deliver: @escaping @MainActor @Sendable (D, S.Element) -> Void
    ) -> ContentResponse {
        ContentResponse(
            .stream(
                interactor, assistant: { input in try assistant(input.typedContent(as: Content.self)) },
                deliver: deliver))
    }
}

extension EventResponse {
    /// A presentation built from content of type `Content`, checked where it arrives.
    static func typedAssistant<Content: Sendable>(
        handsOff: Bool,
        _ assistant: @escaping @MainActor @Sendable (Content) throws -> Presentation<D.Route>
    ) -> EventResponse {
        EventResponse(
            kind: .assistant(content: String(describing: Content.self), handsOff: handsOff) {
                (input: EventResponse<D>.Input) throws(NavigationError) in
                let content = try input.typedContent(as: Content.self)
                return try NavigationError.wrapping(event: input.event) { try assistant(content) }
            }
        )
    }
}

extension ContentResponse {
    /// An event that carries content, as its assistant sees it: the Destination that sent it,
    /// the event and its content, typed.
    @MainActor
    public struct Input {
        /// The Destination that sent the event.
        public let destination: D
        /// The event.
        public let event: D.Event
        /// The event's content.
        public let content: Content
    }
}
