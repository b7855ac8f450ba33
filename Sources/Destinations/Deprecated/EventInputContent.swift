// Until 0.3.0 an assistant read an event's content untyped, from its input, and the compiler
// could not check it. Content now reaches a response typed, through a content event.

extension EventResponse.Input {
    /// Replaced by a ``ContentResponse``, whose closures receive the content typed.
    @available(
        *, deprecated,
        message:
            "declare the event with its content (case select(Carrying<Note>) and a ContentEvent), then configure .assist { input in input.content }, .present { note in … } or .request(interactor, assistant: { note in … }), which receive a Note"
    )
    public var content: (any Sendable)? { payload }

    /// Replaced by a ``ContentResponse``, whose closures receive the content typed.
    @available(
        *, deprecated,
        message:
            "declare the event with its content (case select(Carrying<Note>) and a ContentEvent), then configure .assist { input in input.content }, .present { note in … } or .request(interactor, assistant: { note in … }), which receive a Note"
    )
    public func content<Content>(as type: Content.Type) throws(NavigationError) -> Content {
        try typedContent(as: type)
    }
}
