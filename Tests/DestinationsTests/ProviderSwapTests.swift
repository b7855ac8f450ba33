import Destinations
import NotesApp
import Testing

/// Swapping a provider, or one event's presentation, changes behaviour without touching a view:
/// the same "view code" (a `send`) does something else.
@MainActor
@Suite struct ProviderSwapTests {
    /// What a view does: tap the first note.
    func tapFirstNote(in flow: Flow<AppRoute>) throws {
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        try list.send(.select, content: list.notes[0])
    }

    @Test func variantAPushesTheSelectedNotesDetailWithTheNote() throws {
        let store = NoteStore()
        let flow = try Flow(NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(store: store))
        try tapFirstNote(in: flow)
        let detail = try #require(flow.focusedDestination(as: NoteDetail.self))
        #expect(detail.note == store.notes[0])
        #expect(flow.state.focusedScreen.route == .note(id: 1))
    }

    @Test func variantBShowsACardInASheetForTheSameTap() throws {
        let store = NoteStore()
        let card = NotesAppConfiguration.notesProvider(store: store, select: NotesAppConfiguration.cardSheet)
        let providers = NotesAppConfiguration.providers(store: store).overriding("notes", with: card)
        let flow = try Flow(NotesAppConfiguration.layout, providers: providers)
        try tapFirstNote(in: flow)
        #expect(flow.state.presentedModals.map(\.style) == [.sheet(SheetOptions(detents: [.medium, .large]))])
        #expect(flow.focusedDestination(as: NoteCard.self)?.note == store.notes[0])
    }

    @Test func configuringOneEventKeepsTheOthers() throws {
        let store = NoteStore()
        let base = NotesAppConfiguration.providers(store: store)
        let notes = try #require(base.provider(for: .notes))
        let variant = notes.configuring(NotesList.self) { events in
            events.replace(.select, with: .present { (note: Note) in .fullScreenCover(.noteCard(id: note.id)) })
        }
        #expect(variant.configuredEvents == ["select", "compose"])
        let flow = try Flow(NotesAppConfiguration.layout, providers: base.overriding("notes", with: variant))
        try tapFirstNote(in: flow)
        #expect(flow.state.presentedModals.map(\.style) == [.fullScreenCover])
        try flow.apply(.dismiss)
        try flow.focusedDestination(as: NotesList.self)?.send(.compose)
        #expect(flow.state.focusedScreen.route == .editNote(id: 0))
    }

    @Test func aMockDestinationReplacesTheRealOneWithoutTouchingOtherScreens() throws {
        let store = NoteStore()
        let mock = Provider { (route: AppRoute) in MockNote(route) } events: { events in
            events.on(.close, .present(.back))
        }
        let providers = NotesAppConfiguration.providers(store: store).overriding(where: { $0.name == "note" }, with: mock)
        let flow = try Flow(NotesAppConfiguration.layout, providers: providers)
        try tapFirstNote(in: flow)
        let note = try #require(flow.focusedDestination(as: MockNote.self))
        #expect(note.route == .note(id: 1))
        try note.send(.close)
        #expect(flow.focusedDestination(as: NotesList.self) != nil)
    }

    @Test func replacingTheProvidersAffectsOnlyScreensAddedLater() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        let home = try #require(flow.focused)
        let other = Log()
        flow.replaceProviders(testProviders(log: other) { events in events.on(.next, .present(.sheet(.about))) })
        try home.send(.next)
        #expect(flow.state.focusedScreen.route == .detail(1), "home keeps the events it was built with")
        try flow.focused?.send(.next)
        #expect(flow.state.focusedScreen.route == .about, "detail(1) was built by the new providers")
        #expect(other.alive == [.detail(1), .about])
    }

    @Test func anOverrideByPredicateWinsOverTheLookupAndTheLastOverrideWins() throws {
        let log = Log()
        let first = Log(), second = Log()
        let providers = testProviders(log: log)
            .overriding(where: { $0 == .about }, with: screenProvider(log: first))
            .overriding("about", with: screenProvider(log: second))
        let flow = try Flow(.stack(.home, .about), providers: providers)
        #expect(log.alive == [.home])
        #expect(first.alive.isEmpty)
        #expect(second.alive == [.about])
        _ = flow
    }
}

/// A test double for the note detail.
@MainActor
final class MockNote: Destination {
    enum Event: Hashable, Sendable { case close }
    let context = DestinationContext<AppRoute, Event>()
    let route: AppRoute
    init(_ route: AppRoute) { self.route = route }
}
