// The untyped content of 0.2.0 (an event's content as `any Sendable`, checked at run time) was
// replaced in 0.3.0 by content events the compiler checks. Old code fails to compile with a
// message that names the declaration it now needs, instead of "trailing closure passed to
// parameter of type 'Presentation'" or "has no member 'select'".

extension EventResponse {
    /// Replaced by ``ContentResponse/present(_:)`` on an event declared with its content.
    @available(
        *, unavailable,
        message:
            "declare the event's content once: extension ContentEvent<Screen.Event, Note> { static var select: Self { Self(Screen.Event.select) } } for case select(Carrying<Note>); then events.on(.select, .present { note in … }) receives a Note"
    )
    public static func present<Content: Sendable>(
        _ assistant: @escaping @MainActor @Sendable (Content) throws -> Presentation<D.Route>
    ) -> EventResponse {
        ContentResponse<D, Content>.present(assistant).response
    }

    /// Replaced by ``ContentResponse/handOff(_:)`` on an event declared with its content.
    @available(
        *, unavailable,
        message:
            "declare the event's content once: extension ContentEvent<Screen.Event, Note> { static var select: Self { Self(Screen.Event.select) } } for case select(Carrying<Note>); then events.on(.select, .handOff { note in … }) receives a Note"
    )
    public static func handOff<Content: Sendable>(
        _ assistant: @escaping @MainActor @Sendable (Content) throws -> Presentation<D.Route>
    ) -> EventResponse {
        ContentResponse<D, Content>.handOff(assistant).response
    }
}

extension Destination {
    /// Replaced by ``send(_:content:)`` with an event declared with its content.
    @available(
        *, unavailable,
        message:
            "declare the event's content once: extension ContentEvent<Screen.Event, Note> { static var select: Self { Self(Screen.Event.select) } } for case select(Carrying<Note>); then send(.select, content: note) is checked against Note"
    )
    public func send<Content: Sendable>(_ event: Event, content: Content) throws(NavigationError) {
        try send(ContentEvent<Event, Content>(plain: event), content: content)
    }

    /// Replaced by ``post(_:content:)`` with an event declared with its content.
    @available(
        *, unavailable,
        message:
            "declare the event's content once: extension ContentEvent<Screen.Event, Note> { static var select: Self { Self(Screen.Event.select) } } for case select(Carrying<Note>); then post(.select, content: note) is checked against Note"
    )
    public func post<Content: Sendable>(_ event: Event, content: Content) {
        post(ContentEvent<Event, Content>(plain: event), content: content)
    }
}
