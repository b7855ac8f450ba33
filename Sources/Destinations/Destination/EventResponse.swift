// Performance: the event path figure (Benchmarks/README.md, "Figures").
/// What one of a Destination's events does: a presentation, fixed or built from the event's
/// content by an assistant, or work of your own.
///
/// ```swift
/// .present(.sheet(.compose))                                   // fixed
/// .assist { input in .push(.note(id: input.destination.noteID)) }  // assistant: mediation
/// .perform { input in input.destination.notes.shuffle() }     // no navigation
/// ```
///
/// An event that carries content (a ``ContentEvent``) takes a ``ContentResponse`` instead,
/// whose closures receive the content typed: `.present { note in … }`, `.handOff { note in … }`.
public struct EventResponse<D: Destination>: Sendable {
    @usableFromInline enum Kind: Sendable {
        case presentation(Presentation<D.Route>)
        case assistant(
            content: String, handsOff: Bool,
            @MainActor @Sendable (Input) throws(NavigationError) -> Presentation<D.Route>)
        case perform(summary: String, @MainActor @Sendable (Input) throws(NavigationError) -> Void)
    }

    @usableFromInline let kind: Kind
    /// The interactors the response uses, whose lifecycle hooks follow the Destination's.
    let interactors: [InteractorHooks]
    /// The routes the response says it may lead to, when it chooses at run time.
    public private(set) var declaredRoutes: [D.Route] = []

    init(kind: Kind, interactors: [InteractorHooks] = []) {
        self.kind = kind
        self.interactors = interactors
    }

    /// Runs a fixed presentation.
    public static func present(_ presentation: Presentation<D.Route>) -> EventResponse {
        EventResponse(kind: .presentation(presentation))
    }

    /// Marks an event as handled by the Destination itself: sending it does nothing, and
    /// validation counts it as configured. For events a `CaseIterable` enum declares so that
    /// views can send them, but whose effect stays inside the Destination.
    public static var handledByDestination: EventResponse {
        EventResponse(kind: .perform(summary: "handledByDestination") { _ in })
    }

    /// Runs the presentation an assistant builds from the whole event: the Destination that
    /// sent it, the event and its content.
    public static func assist(
        _ assistant: @escaping @MainActor @Sendable (Input) throws -> Presentation<D.Route>
    ) -> EventResponse {
        EventResponse(
            kind: .assistant(content: "EventInput", handsOff: false) { (input: Input) throws(NavigationError) in
                try NavigationError.wrapping(event: input.event) { try assistant(input) }
            }
        )
    }

    /// Runs code of your own instead of a presentation.
    public static func perform(
        _ body: @escaping @MainActor @Sendable (Input) throws -> Void
    ) -> EventResponse {
        EventResponse(
            kind: .perform(summary: "perform") { (input: Input) throws(NavigationError) in
                try NavigationError.wrapping(event: input.event) { try body(input) }
            }
        )
    }

    /// The same response, declaring the routes it may lead to: an assistant, a `perform` or
    /// an interactor's result chooses its route at run time, so the flow graph draws it to
    /// ``FlowGraph/dynamicTarget`` — unless it says where it may go. The graph then draws an
    /// edge to each, ``FlowGraph/unreachableRoutes`` counts them as reached, and validation
    /// checks that each has a provider.
    ///
    /// ```swift
    /// events.on(.checkout, .assist { input in input.destination.signedIn ? .push(.checkout) : .sheet(.signIn) }
    ///     .leading(to: .checkout, .signIn))
    /// ```
    ///
    /// Only the routes' names count: give a payload-carrying route any payload.
    public func leading(to routes: D.Route...) -> EventResponse {
        var copy = self
        copy.declaredRoutes += routes
        return copy
    }

    /// The presentation, when it is fixed rather than built at run time.
    public var presentation: Presentation<D.Route>? {
        if case .presentation(let presentation) = kind { return presentation }
        return nil
    }

    /// A short description of the response for the flow graph: the presentation's name, or
    /// `assistant` / `perform`.
    public var summary: String {
        switch kind {
        case .presentation(let presentation): presentation.name
        case .assistant(let content, _, _): "assistant(\(content))"
        case .perform(let summary, _): summary
        }
    }
}

extension EventResponse {
    /// An event as its assistant sees it: the Destination that sent it and the event. An
    /// event that carries content reaches its response typed, through a ``ContentResponse``.
    @MainActor
    public struct Input {
        /// The Destination that sent the event.
        public let destination: D
        /// The event.
        public let event: D.Event
        /// The event's content, for the library's typed responses.
        package let payload: (any Sendable)?

        @usableFromInline
        init(destination: D, event: D.Event, content: (any Sendable)?) {
            self.destination = destination
            self.event = event
            self.payload = content
        }

        /// The content as `Content`, for a ``ContentResponse``.
        ///
        /// - Throws: ``NavigationError/contentMismatch(event:expected:actual:)`` when it is not.
        package func typedContent<Content>(as type: Content.Type) throws(NavigationError) -> Content {
            guard let value = payload as? Content else {
                throw .contentMismatch(
                    event: eventName(event),
                    expected: String(describing: Content.self),
                    actual: payload.map { String(describing: Swift.type(of: $0)) } ?? "nothing"
                )
            }
            return value
        }
    }
}

extension NavigationError {
    /// Runs app code, passing a ``NavigationError`` through and wrapping any other error as
    /// ``assistantFailed(event:reason:)``.
    @MainActor
    static func wrapping<T>(event: some Sendable, _ body: () throws -> T) throws(NavigationError) -> T {
        do {
            return try body()
        } catch let error as NavigationError {
            throw error
        } catch {
            throw .assistantFailed(event: eventName(event), reason: String(describing: error))
        }
    }
}
