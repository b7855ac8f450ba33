// Until 0.3.0 the random walk's and the explorer's content generators returned `any Sendable`
// and the explorer kept them by event name alone. They now take the event's declaration, which
// fixes the content's type, and are kept by Destination type and event.

extension RandomWalk {
    /// Replaced by ``content(for:of:_:)`` with a content event.
    @available(
        *, unavailable,
        message:
            "declare the event with its content (case select(Carrying<Note>) and a ContentEvent), then walk.content(for: .select, of: NotesList.self) { list, random in list.notes.randomElement(using: &random) } returns a Note?"
    )
    public mutating func content<D: Destination>(
        for event: D.Event,
        of type: D.Type,
        _ generate: @escaping @MainActor (D, inout WalkRandom) -> (any Sendable)?
    ) {}
}

extension FlowExplorer {
    /// Replaced by ``content(for:of:_:)`` with a content event.
    @available(
        *, unavailable,
        message:
            "declare the event with its content (case select(Carrying<Note>) and a ContentEvent), then explorer.content(for: .select, of: NotesList.self) { list in list.notes } returns [Note]"
    )
    public mutating func content<D: Destination>(
        for event: D.Event,
        of type: D.Type,
        _ values: @escaping @MainActor (D) -> [any Sendable]
    ) {}
}
