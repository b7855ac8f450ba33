/// One of a Destination's events together with the type of content it carries: what lets the
/// compiler check that a view sends the content the event's response receives.
///
/// An event without content is an enum case, as always. An event that carries content is a
/// case whose payload is ``Carrying`` its content's type, declared once more as a
/// `ContentEvent` with the case's constructor:
///
/// ```swift
/// final class NotesList: Destination {
///     enum Event: Hashable { case select(Carrying<Note>), compose }
///     let context = DestinationContext<AppRoute, Event>()
/// }
///
/// extension ContentEvent<NotesList.Event, Note> {
///     /// The user tapped a note.
///     static var select: Self { Self(NotesList.Event.select) }
/// }
/// ```
///
/// Then both ends are checked against `Note`, and the event cannot be sent without it:
///
/// ```swift
/// list.send(.select, content: note)        // a view: `note.id` does not compile
/// list.send(.select)                       // does not compile: 'select' expects 'Carrying<Note>'
/// events.on(.select, .handOff { note in .push(.note(id: note.id)) })   // `note` is a Note
/// ```
///
/// The event stays a case of the Destination's `Event` enum, named `select`: the event table,
/// validation (an event nobody configured), the flow graph, ``Provider/configuring(_:_:)``
/// and tools that fire events by name work as for any event. The test harness's `send`, the
/// random walk's and the explorer's content generators, and the interactor assistants
/// (``ContentResponse/request(_:assistant:deliver:)-(I,_,_)``,
/// ``ContentResponse/stream(_:assistant:deliver:)``) take the content typed too.
public struct ContentEvent<Event: Hashable & Sendable, Content: Sendable>: Hashable, Sendable {
    /// The event, as the Destination's `Event` enum names it.
    public let event: Event

    /// Declares the event of the case `constructor` makes: `Self(NotesList.Event.select)` for
    /// `case select(Carrying<Note>)`.
    public init(_ constructor: (Carrying<Content>) -> Event) {
        self.event = constructor(Carrying())
    }

    /// The declaration of an event of a case without payload, for the deprecated spelling.
    init(plain event: Event) {
        self.event = event
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

    /// Configures an event that carries content with a response that does not read it: a fixed
    /// presentation, `.handledByDestination`, a fixed interactor request.
    ///
    /// ```swift
    /// events.on(.select, .present(.push(.list)))
    /// ```
    /// A ``ContentResponse`` of the same name (`.assist`) is preferred, since it reads the
    /// content typed.
    @_disfavoredOverload
    public mutating func on<Content>(_ event: ContentEvent<D.Event, Content>, _ response: EventResponse<D>) {
        on(event.event, response)
    }

    /// Replaces the configuration of an event that carries content, or adds it if it had none.
    public mutating func replace<Content>(
        _ event: ContentEvent<D.Event, Content>, with response: ContentResponse<D, Content>
    ) {
        replace(event.event, with: response.response)
    }

    /// Replaces the configuration of an event that carries content with a response that does
    /// not read it, or adds it if it had none.
    @_disfavoredOverload
    public mutating func replace<Content>(_ event: ContentEvent<D.Event, Content>, with response: EventResponse<D>) {
        replace(event.event, with: response)
    }

    /// Removes the configuration of an event that carries content.
    public mutating func remove<Content>(_ event: ContentEvent<D.Event, Content>) {
        remove(event.event)
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
