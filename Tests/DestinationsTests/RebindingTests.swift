import Destinations
import NotesApp
import Testing

/// After `replaceProviders`, `rebindScreens` gives the screens already shown the new responses.
@MainActor
@Suite struct RebindingTests {
    func startedFlow(_ store: NotesDatasource) async throws -> Flow<AppRoute> {
        let flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: store),
            logger: .disabled)
        try await flow.settle()
        return flow
    }

    @Test func replacedProvidersLeaveTheVisibleListWithItsOldResponses() async throws {
        let store = NotesDatasource()
        let flow = try await startedFlow(store)
        flow.replaceProviders(NotesAppConfiguration.cardsVariant(datasource: store))
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        try list.send(.select, content: list.notes[0])
        #expect(flow.focusedScreen.route == .note(id: 1), "variant A still: the list was built before the switch")
    }

    @Test func reboundScreensKeepTheirDestinationAndTakeTheNewResponses() async throws {
        let store = NotesDatasource()
        let flow = try await startedFlow(store)
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        let before = flow.state
        flow.replaceProviders(NotesAppConfiguration.cardsVariant(datasource: store))
        #expect(flow.rebindScreens() == [])
        #expect(flow.state == before, "rebinding changes no screen")
        #expect(flow.focusedDestination(as: NotesList.self) === list)
        try list.send(.select, content: list.notes[0])
        #expect(flow.focusedScreen.route == .noteCard(id: 1))
        // Its data requests still work after the rebinding.
        try list.send(.paginate)
        try await flow.settle()
        #expect(list.error == nil)
    }

    @Test func aScreenWhoseNewProviderBuildsAnotherTypeKeepsItsResponsesAndIsNamed() async throws {
        let store = NotesDatasource()
        let flow = try await startedFlow(store)
        let listID = try #require(flow.focusedDestination(as: NotesList.self)?.id)
        let other = Provider { (_: AppRoute) in
            NoteCard(noteID: 0)
        } events: {
            $0.on(.close, .present(.dismiss))
        }
        flow.replaceProviders(NotesAppConfiguration.providers(datasource: store).overriding("notes", with: other))
        #expect(flow.rebindScreens() == [listID])
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        try list.send(.select, content: list.notes[0])
        #expect(flow.focusedScreen.route == .note(id: 1))
    }
}
