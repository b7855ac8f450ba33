// Performance: the event path figure (Benchmarks/README.md, "Figures").
/// One of a Destination's events together with the type of content it carries: what lets the
/// compiler check that a view sends the content the event's response receives.
///
/// An event without content is an enum case, as always. An event that carries content is the
/// same case, declared once more with its content type:
///
/// ```swift
/// final class NotesList: Destination {
///     enum Event: Hashable, CaseIterable { case select, compose }
///     let context = DestinationContext<AppRoute, Event>()
/// }
///
/// extension ContentEvent<NotesList.Event, Note> {
///     /// The user tapped a note.
///     static var select: Self { Self(.select) }
/// }
/// ```
///
/// Then both ends are checked against `Note`:
///
/// ```swift
/// list.send(.select, content: note)        // a view: `note.id` does not compile
/// events.on(.select, .handOff { note in .push(.note(id: note.id)) })   // `note` is a Note
/// ```
///
/// The event stays a case of the Destination's `Event` enum, so validation still finds an
/// event nobody configured, and tools that fire events by name keep working. It is also why
/// the plain case still compiles without content (`list.send(.select)`): Swift cannot tell a
/// case that carries content from one that does not. Such a send is refused before the
/// response runs, with ``NavigationError/contentMismatch(event:expected:actual:)`` (`actual`
/// is `"nothing"`), and the state is unchanged. The test harness's `send` and the interactor
/// assistants (``ContentResponse/request(_:assistant:deliver:)-(I,_,_)``,
/// ``ContentResponse/stream(_:assistant:deliver:)``) take the content typed too.
public struct ContentEvent<Event: Hashable & Sendable, Content: Sendable>: Hashable, Sendable {
    /// The event, as the Destination's `Event` enum names it.
    public let event: Event

    /// Declares that `event` carries content of type `Content`.
    public init(_ event: Event) {
        self.event = event
    }
}

/// What an event that carries content does, with the content typed: a presentation built from
/// it, a hand-off of it to the next screen, or work of your own.
///
/// Configure it with ``EventTable/on(_:_:)-(ContentEvent<D.Event,Content>,_)``; the event's
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

    /// Runs code of your own with the Destination that sent the event and its content.
    public static func perform(
        _ body: @escaping @MainActor @Sendable (D, Content) throws -> Void
    ) -> ContentResponse {
        ContentResponse(
            EventResponse(
                kind: .perform(summary: "perform(\(Content.self))") {
                    (input: EventResponse<D>.Input) throws(NavigationError) in
                    let content = try input.content(as: Content.self)
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
                interactor, assistant: { input in try assistant(input.content(as: Content.self)) }, deliver: deliver))
    }

    /// Performs the request an assistant builds from the event's content on a synchronous
    /// service, and delivers its result before `send` returns.
    public static func request<S: SyncInteractor>(
        _ service: S,
        assistant: @escaping @MainActor @Sendable (Content) throws -> S.Request,
        deliver: @escaping @MainActor @Sendable (D, Result<S.Success, S.Failure>) -> Void
    ) -> ContentResponse {
        ContentResponse(
            .request(service, assistant: { input in try assistant(input.content(as: Content.self)) }, deliver: deliver))
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
                interactor, assistant: { input in try assistant(input.content(as: Content.self)) }, deliver: deliver))
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
                let content = try input.content(as: Content.self)
                return try NavigationError.wrapping(event: input.event) { try assistant(content) }
            }
        )
    }
}

extension EventTable {
    /// Configures an event that carries content, with a response that receives it typed.
    ///
    /// ```swift
    /// events.on(.select, .handOff { note in .push(.note(id: note.id)) })
    /// ```
    ///
    /// Configuring the same event twice is reported by validation as
    /// ``NavigationError/ConfigurationProblem/duplicateEvent(event:route:)``; the first configuration is used.
    public mutating func on<Content>(_ event: ContentEvent<D.Event, Content>, _ response: ContentResponse<D, Content>) {
        on(event.event, response.response)
    }

    /// Replaces the configuration of an event that carries content, or adds it if it had none.
    public mutating func replace<Content>(
        _ event: ContentEvent<D.Event, Content>, with response: ContentResponse<D, Content>
    ) {
        replace(event.event, with: response.response)
    }
}

extension Destination {
    /// Sends an event that carries content, as the user caused it. The event's
    /// ``ContentEvent`` declaration fixes the content's type, so sending anything else does
    /// not compile.
    ///
    /// - Throws: ``NavigationError`` when the event is not configured, the Destination was
    ///   removed, or the presentation it leads to does not fit the state; the state is then
    ///   unchanged.
    @inlinable
    public func send<Content>(_ event: ContentEvent<Event, Content>, content: Content) throws(NavigationError) {
        try send(event.event, carrying: content)
    }

    /// Sends an event that carries content from view code: like ``send(_:content:)``, but a
    /// refusal goes to the flow's logger, ``Flow/onRefusal`` and the event stream instead of
    /// being thrown (see ``post(_:)``).
    public func post<Content>(_ event: ContentEvent<Event, Content>, content: Content) {
        post(event.event, carrying: content)
    }
}
