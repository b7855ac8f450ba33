import Destinations
import DestinationsTesting
import NotesApp
import Testing

/// The flow graph learns the edges the running app takes, assistants' choices included.
@MainActor
@Suite struct ObservedEdgeTests {
    @Test func anAssistantsChoiceBecomesAnObservedEdgeOnce() async throws {
        let providers = NotesAppConfiguration.providers(datasource: NotesDatasource())
        var graph = FlowGraph(NotesAppConfiguration.layout, providers: providers)
        let harness = try FlowHarness(NotesAppConfiguration.layout, providers: providers, exhaustivity: .nonExhaustive)
        var events = harness.flow.events().makeAsyncIterator()

        try await harness.send(.select, content: NotesDatasource.samples[0], to: NotesList.self)
        let select = try #require(await events.next())
        let taken = graph.observe(select)
        let expected = FlowGraph<AppRoute>.Edge(from: "notes", to: "note", event: "select", presentation: "push")
        #expect(taken == [expected])
        #expect(graph.observedEdges == [expected])
        #expect(graph.dot().contains(#""notes" -> "note" [label="select: push (observed)", color=blue];"#))
        #expect(graph.mermaid().contains("==>|\"select: push (observed)\"|"))

        try await harness.swipeBack()
        let back = try #require(await events.next())
        #expect(graph.observe(back).isEmpty, "a gesture is not a Destination's event")
        try await harness.send(.select, content: NotesDatasource.samples[0], to: NotesList.self)
        let again = try #require(await events.next())
        #expect(graph.observe(again) == [expected])
        #expect(graph.observedEdges == [expected], "an edge is recorded once")
    }

    @Test func aConfiguredEdgeIsTakenButNotRecordedAgain() async throws {
        let providers = NotesAppConfiguration.providers(datasource: NotesDatasource())
        var graph = FlowGraph(NotesAppConfiguration.layout, providers: providers)
        let harness = try FlowHarness(NotesAppConfiguration.layout, providers: providers, exhaustivity: .nonExhaustive)
        var events = harness.flow.events().makeAsyncIterator()
        try await harness.tapTab("settings")
        _ = await events.next()
        try await harness.send(.about, to: InfoScreen.self)
        let about = try #require(await events.next())
        #expect(
            graph.observe(about) == [
                FlowGraph<AppRoute>.Edge(from: "settings", to: "about", event: "about", presentation: "push")
            ])
        #expect(graph.observedEdges.isEmpty)
    }
}
