import Destinations
import NotesApp
import Testing

/// The Notes example's interactors: one actor datasource shared by every screen, and a stream.
@MainActor
@Suite struct NotesInteractorTests {
    func startedFlow(_ datasource: NotesDatasource, ticker: Ticker = Ticker(limit: 3)) async throws -> Flow<AppRoute> {
        let flow = try Flow(
            NotesAppConfiguration.layout,
            providers: NotesAppConfiguration.providers(datasource: datasource, ticker: ticker)
        )
        try await flow.settle()
        return flow
    }

    /// A datasource double for the Notes screens: one note, nothing saved.
    actor OneNote: Interactor {
        func perform(request: NotesDatasource.Request) async -> Result<NotesDatasource.Response, NotesError> {
            switch request.action {
            case .retrieve, .paginate: .success(.page([Note(id: 7, title: "Mocked")], hasMore: false))
            case .note(let id): id == 7 ? .success(.note(Note(id: 7, title: "Mocked"))) : .failure(.notFound(id: id))
            case .update, .delete: .failure(.emptyTitle)
            }
        }
    }

    @Test func aMockDatasourceReplacesTheRealOneInOneLine() async throws {
        let flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: OneNote()))
        try await flow.settle()
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        #expect(list.notes.map(\.title) == ["Mocked"])
    }

    @Test func selectingANoteHandsItToTheDetailWhichStillLoadsTheLatest() async throws {
        let datasource = NotesDatasource()
        let flow = try await startedFlow(datasource)
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        let stale = Note(id: 1, title: "As the list showed it")
        try list.send(.select, content: stale)
        let detail = try #require(flow.focusedDestination(as: NoteDetail.self))
        #expect(detail.note == stale)
        try await flow.settle()
        #expect(detail.note?.title == "Groceries")
    }

    @Test func theListRetrievesItsFirstPageWhenFirstPresented() async throws {
        let flow = try await startedFlow(NotesDatasource())
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        #expect(list.notes.map(\.id) == [1, 2, 3])
        #expect(list.hasMore)
    }

    @Test func paginatingAppendsTheNextPage() async throws {
        let datasource = NotesDatasource()
        let flow = try await startedFlow(datasource)
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        try list.send(.paginate)
        try await flow.settle()
        #expect(list.notes.map(\.id) == [1, 2, 3, 4, 5])
        #expect(!list.hasMore)
        #expect(await datasource.log == [.retrieve, .paginate(page: 1)])
    }

    @Test func theDetailEditsTheNoteThroughTheSameDatasource() async throws {
        let datasource = NotesDatasource()
        let flow = try await startedFlow(datasource)
        try flow.apply(.push(.note(id: 2)))
        try await flow.settle()
        let detail = try #require(flow.focusedDestination(as: NoteDetail.self))
        try detail.send(.edit)
        try await flow.settle()
        let editor = try #require(flow.focusedDestination(as: EditNote.self))
        editor.draft?.title = "Plans"
        try editor.send(.save)
        try await flow.settle()
        #expect(flow.state.focusedScreen.route == .note(id: 2), "the editor dismissed itself once saved")
        #expect(detail.note?.title == "Plans", "the detail reloads when the editor it presented closes")
        #expect(await datasource.note(id: 2)?.title == "Plans")
    }

    @Test func aRejectedSaveKeepsTheEditorOpenWithTheTypedError() async throws {
        let flow = try await startedFlow(NotesDatasource())
        try flow.apply(.sheet(.editNote(id: 1)))
        try await flow.settle()
        let editor = try #require(flow.focusedDestination(as: EditNote.self))
        editor.draft?.title = ""
        try editor.send(.save)
        try await flow.settle()
        #expect(editor.error == .emptyTitle)
        #expect(flow.state.focusedScreen.route == .editNote(id: 1))
    }

    @Test func aDetailForAMissingNoteReportsNotFound() async throws {
        let flow = try await startedFlow(NotesDatasource())
        try flow.apply(.push(.note(id: 99)))
        try await flow.settle()
        #expect(flow.focusedDestination(as: NoteDetail.self)?.error == .notFound(id: 99))
    }

    @Test func theCounterTabShowsTheStreamsTicks() async throws {
        let flow = try await startedFlow(NotesDatasource())
        try flow.apply(.selectTab(.counter))
        let counter = try #require(flow.focusedDestination(as: CounterScreen.self))
        let (ticks, report) = AsyncStream<Int>.makeStream()
        counter.onTick = { report.yield($0) }
        try counter.send(.start)
        var received: [Int] = []
        for await tick in ticks {
            received.append(tick)
            if tick == 3 { break }
        }
        #expect(received == [1, 2, 3])
        #expect(counter.count == 3)
    }

    @Test func deletingANoteRemovesItFromTheDatasourceAndLeavesTheDetail() async throws {
        let datasource = NotesDatasource()
        let flow = try await startedFlow(datasource)
        try flow.apply(.push(.note(id: 3)))
        try await flow.settle()
        try flow.focusedDestination(as: NoteDetail.self)?.send(.delete)
        let alert = try #require(flow.state.presentedChain.last?.modal)
        try flow.tapAlertButton(0, of: alert)
        try await flow.settle()
        #expect(await datasource.note(id: 3) == nil)
        #expect(flow.state.focusedScreen.route == .notes)
    }
}
