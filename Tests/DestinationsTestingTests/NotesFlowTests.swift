import DestinationsTesting
import Foundation
import NotesApp
import Testing

/// The Notes example, tested as an app team would test their own flows with the harness.
@MainActor
@Suite struct NotesFlowTests {
    let groceries = NotesDatasource.samples[0]

    @Test func theNotesStory() async throws {
        let harness = try FlowHarness(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        // The list loads when it is first shown: what it loaded is checked like the tree.
        try await harness.settle { Self.notesTab + Self.loadedList }
        try await harness.send(.select, content: groceries, to: NotesList.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            state of note(id: 1)
              note: Note(id: 1, title: "Groceries", body: "Milk, eggs")
              isDeleted: false
              error: nil
            """
        }
        try await harness.send(.edit, to: NoteDetail.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1)
                  sheet[large]: editNote(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            state of editNote(id: 1)
              draft: Note(id: 1, title: "Groceries", body: "Milk, eggs")
              error: nil
            """
        }
        try await harness.swipeDownSheet {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            """
        }
        try await harness.swipeBack {
            """
            tabs (selected: notes)
              [notes] stack
                notes ◀
              [settings] stack
                settings
              [counter] stack
                counter
            """
        }
        try await harness.apply(NotesAppConfiguration.licensesLink) {
            """
            tabs (selected: settings)
              [notes] stack
                notes
              [settings] stack
                settings
                about
                licenses ◀
              [counter] stack
                counter
            """
        }
        try await harness.tapTab(.notes) {
            """
            tabs (selected: notes)
              [notes] stack
                notes ◀
              [settings] stack
                settings
                about
                licenses
              [counter] stack
                counter
            """
        }
        try await harness.finish()
        harness.assertTranscript(named: "notes-story", bundle: .module)
    }

    @Test func savingAnEditUpdatesTheNoteAndDismissesTheSheet() async throws {
        let store = NotesDatasource()
        let harness = try FlowHarness(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: store))
        try await harness.settle { Self.notesTab + Self.loadedList }
        try await harness.send(.select, content: groceries, to: NotesList.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            state of note(id: 1)
              note: Note(id: 1, title: "Groceries", body: "Milk, eggs")
              isDeleted: false
              error: nil
            """
        }
        try await harness.send(.edit, to: NoteDetail.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1)
                  sheet[large]: editNote(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            state of editNote(id: 1)
              draft: Note(id: 1, title: "Groceries", body: "Milk, eggs")
              error: nil
            """
        }
        harness.destination(EditNote.self)?.draft?.title = "Shopping"
        harness.expect {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1)
                  sheet[large]: editNote(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            state of editNote(id: 1)
              draft: Note(id: 1, title: "Shopping", body: "Milk, eggs")
              error: nil
            """
        }
        // The sheet goes, and the detail that presented it hears so and shows what was saved.
        try await harness.send(.save, to: EditNote.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            state of note(id: 1)
              note: Note(id: 1, title: "Shopping", body: "Milk, eggs")
              isDeleted: false
              error: nil
            """
        }
        #expect(await store.note(id: 1)?.title == "Shopping")
    }

    @Test func variantBShowsTheSameSelectionAsACardInASheet() async throws {
        let store = NotesDatasource()
        let variantB = NotesAppConfiguration.providers(datasource: store).overriding(
            "notes",
            with: NotesAppConfiguration.notesProvider(datasource: store, select: NotesAppConfiguration.cardSheet)
        )
        let harness = try FlowHarness(NotesAppConfiguration.layout, providers: variantB)
        try await harness.settle { Self.notesTab + Self.loadedList }
        try await harness.send(.select, content: NotesDatasource.samples[1], to: NotesList.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                  sheet[medium,large]: noteCard(id: 2) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            """
        }
        #expect(harness.destination(NoteCard.self)?.noteID == 2)
        try await harness.send(.close, to: NoteCard.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes ◀
              [settings] stack
                settings
              [counter] stack
                counter
            """
        }
    }

    @Test func swappingProvidersMidFlowChangesOnlyNewScreens() async throws {
        let store = NotesDatasource()
        let harness = try FlowHarness(
            NotesAppConfiguration.layout,
            providers: NotesAppConfiguration.providers(datasource: store),
            exhaustivity: .nonExhaustive
        )
        harness.replaceProviders(
            NotesAppConfiguration.providers(datasource: store).overriding(
                "notes",
                with: NotesAppConfiguration.notesProvider(datasource: store, select: NotesAppConfiguration.cardSheet)
            )
        )
        try await harness.send(.select, content: groceries, to: NotesList.self)
        #expect(harness.state.focusedScreen.route == .note(id: 1))
        try await harness.apply(.replaceRoot(NotesAppConfiguration.layout))
        try await harness.send(.select, content: groceries, to: NotesList.self)
        #expect(harness.state.focusedScreen.route == .noteCard(id: 1))
    }

    @Test func deletingANoteConfirmsInAnAlertAndGoesBack() async throws {
        let store = NotesDatasource()
        let harness = try FlowHarness(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: store))
        harness.happenings = .exhaustive
        try await harness.settle { Self.notesTab + Self.loadedList }
        harness.receive(Answer.self)  // the list's first page
        try await harness.send(.select, content: groceries, to: NotesList.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            state of note(id: 1)
              note: Note(id: 1, title: "Groceries", body: "Milk, eggs")
              isDeleted: false
              error: nil
            """
        }
        harness.receive(NoteDetail.Event.load)  // sent by the detail as it is presented
        harness.receive(Answer.success(.note(groceries)))
        try await harness.send(.delete, to: NoteDetail.self) {
            """
            tabs (selected: notes)
              [notes] stack
                notes
                note(id: 1)
                  alert: deleteNote(id: 1) ◀
              [settings] stack
                settings
              [counter] stack
                counter
            """
        }
        // The detail leaves in the step that deletes its note: its last state shows it.
        try await harness.tapAlertButton(labeled: "Delete") {
            Self.notesTab + """

                state of note(id: 1) (left)
                  note: Note(id: 1, title: "Groceries", body: "Milk, eggs")
                  isDeleted: true
                  error: nil
                """
        }
        harness.receive(Answer.success(.done))
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(await store.note(id: 1) == nil)
    }

    @Test func theCounterCountsEachSecondOfItsClock() async throws {
        let clock = ManualClock()
        let ticker = Ticker(interval: .seconds(1), clock: clock)
        let harness = try FlowHarness(
            NotesAppConfiguration.layout,
            providers: NotesAppConfiguration.providers(datasource: NotesDatasource(), ticker: ticker)
        )
        harness.happenings = .exhaustive
        try await harness.settle { Self.notesTab + Self.loadedList }
        harness.receive(Answer.self)  // the list's first page
        try await harness.tapTab(.counter) { Self.counterTab }
        try await harness.send(.start, to: CounterScreen.self) { "state of counter\n  isRunning: true" }
        try await harness.advance(clock, by: .seconds(1)) { "state of counter\n  count: 1" }
        harness.receive(1)
        try await harness.advance(clock, by: .seconds(2)) { "state of counter\n  count: 3" }
        harness.receive(2) { "state of counter\n  count: 2" }  // each second, not only the last
        harness.receive(3)
        try await harness.send(.stop, to: CounterScreen.self) { "state of counter\n  isRunning: false" }
        try await harness.advance(clock, by: .seconds(5))  // stopped: no tick, nothing to receive
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    /// What the datasource answers.
    typealias Answer = Result<NotesDatasource.Response, NotesError>

    static let notesTab = """
        tabs (selected: notes)
          [notes] stack
            notes ◀
          [settings] stack
            settings
          [counter] stack
            counter
        """

    /// The list after its first retrieve: the first page of the samples.
    static let loadedList = """

        state of notes
          titles: ["Groceries", "Ideas", "Travel"]
          page: 0
          hasMore: true
          error: nil
        """

    static let counterTab = """
        tabs (selected: counter)
          [notes] stack
            notes
          [settings] stack
            settings
          [counter] stack
            counter ◀
        """

    @Test func aRandomWalkOverTheNotesAppKeepsEveryInvariant() async {
        var walk = RandomWalk(NotesAppConfiguration.layout, steps: 200) {
            NotesAppConfiguration.providers(datasource: NotesDatasource())
        }
        walk.content(for: .select, of: NotesList.self) { list, random in
            list.notes.randomElement(using: &random)
        }
        for seed: UInt64 in [1, 2026] {
            let report = await walk.check(seed: seed)
            #expect(report.steps.count == 200)
            #expect(Set(report.steps.map(\.action.description)).count > 10)
        }
    }
}
