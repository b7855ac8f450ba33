import Destinations
import NotesApp
import Testing

/// Swapping a provider, or one event's presentation, changes behaviour without touching a view:
/// the same "view code" (a `send`) does something else.
@MainActor
@Suite struct ProviderSwapTests {
    /// What a view does: tap the first note.
    func tapFirstNote(in flow: Flow<AppRoute>) async throws {
        try await flow.settle()
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        try list.send(.select, content: list.notes[0])
        try await flow.settle()
    }

    @Test func variantAPushesTheSelectedNotesDetailWithTheNote() async throws {
        let store = NotesDatasource()
        let flow = try Flow(NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: store))
        try await tapFirstNote(in: flow)
        let detail = try #require(flow.focusedDestination(as: NoteDetail.self))
        #expect(detail.note == NotesDatasource.samples[0])
        #expect(flow.state.focusedScreen.route == .note(id: 1))
    }

    @Test func variantBShowsACardInASheetForTheSameTap() async throws {
        let store = NotesDatasource()
        let card = NotesAppConfiguration.notesProvider(datasource: store, select: NotesAppConfiguration.cardSheet)
        let providers = NotesAppConfiguration.providers(datasource: store).overriding("notes", with: card)
        let flow = try Flow(NotesAppConfiguration.layout, providers: providers)
        try await tapFirstNote(in: flow)
        #expect(flow.state.presentedModals.map(\.style) == [.sheet(SheetOptions(detents: [.medium, .large]))])
        #expect(flow.focusedDestination(as: NoteCard.self)?.noteID == NotesDatasource.samples[0].id)
    }

    @Test func configuringOneEventKeepsTheOthers() async throws {
        let store = NotesDatasource()
        let base = NotesAppConfiguration.providers(datasource: store)
        let notes = try #require(base.provider(for: .notes))
        let variant = notes.configuring(NotesList.self) { events in
            events.replace(.select, with: .present { (note: Note) in .fullScreenCover(.noteCard(id: note.id)) })
        }
        #expect(variant.configuredEvents == ["retrieve", "paginate", "select", "compose"])
        let flow = try Flow(NotesAppConfiguration.layout, providers: base.overriding("notes", with: variant))
        try await tapFirstNote(in: flow)
        #expect(flow.state.presentedModals.map(\.style) == [.fullScreenCover])
        try flow.apply(.dismiss)
        try flow.focusedDestination(as: NotesList.self)?.send(.compose)
        #expect(flow.state.focusedScreen.route == .editNote(id: 0))
    }

    @Test func aMockDestinationReplacesTheRealOneWithoutTouchingOtherScreens() async throws {
        let store = NotesDatasource()
        let mock = Provider { (route: AppRoute) in
            MockNote(route)
        } events: { events in
            events.on(.close, .present(.back))
        }
        let providers = NotesAppConfiguration.providers(datasource: store).overriding(
            where: { $0.name == "note" }, with: mock)
        let flow = try Flow(NotesAppConfiguration.layout, providers: providers)
        try await tapFirstNote(in: flow)
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
        let first = Log()
        let second = Log()
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
