// In 0.3.0 a content event was declared on a case without payload (`Self(.select)`), which
// let `send(.select)` compile and be refused at run time. The case now carries its content's
// type, so the compiler refuses an event sent without its content.

extension ContentEvent {
    /// Replaced by ``init(_:)-((Carrying<Content>)->Event)`` with a case that carries its
    /// content's type.
    @available(
        *, deprecated,
        message:
            "declare the case with its content, case select(Carrying<Note>), and the event with its constructor: static var select: Self { Self(Screen.Event.select) }; then send(.select) without content does not compile"
    )
    @_disfavoredOverload
    public init(_ event: Event) {
        self.init(plain: event)
    }
}
