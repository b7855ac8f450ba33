import Destinations
import NotesApp
import Testing

@MainActor
@Suite struct NotesSmokeTests {
    @Test func selectingANotePushesItsDetailWithTheNote() throws {
        let store = NoteStore()
        let flow = try Flow(NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(store: store))
        let list = try #require(flow.focusedDestination as? NotesList)
        try list.send(.select, content: list.notes[0])
        let detail = try #require(flow.focusedDestination as? NoteDetail)
        #expect(detail.note == store.notes[0])
        #expect(flow.state.focusedScreen.route == .note(id: 1))
    }
}
