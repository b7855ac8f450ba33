#if DEBUG || InspectorInRelease
import Destinations
@testable import DestinationsInspector
import Foundation
import NotesApp
import Testing

@MainActor
@Suite struct FlowInspectorGraphTests {
    /// The graph goes to the inspector (which runs Graphviz on it) when it learns an edge, not
    /// each time the app takes one it already knows.
    @Test func sendsTheGraphOnlyWhenItLearnsAnEdge() async throws {
        let providers = NotesAppConfiguration.providers(datasource: NotesDatasource())
        let flow = try Flow(NotesAppConfiguration.layout, providers: providers)
        try await flow.settle()
        let transport = FakeTransport()
        let inspector = FlowInspector(
            flow: flow,
            configuration: InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t"),
            graph: FlowGraph(NotesAppConfiguration.layout, providers: providers),
            transport: transport
        )
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        try flow.apply(.selectTab(.settings))
        try await flow.settle()
        let settings = flow.state.focusedScreen.id
        for _ in 0..<3 {
            let info = try #require(flow.destination(settings) as? InfoScreen)
            try info.send(.about)
            _ = try #require(await transport.message { $0.causeKind == "event" && ($0["seq"] as? Int ?? 0) > 0 })
            try flow.apply(.back)
            try await flow.settle()
        }
        _ = await transport.message(timeout: .milliseconds(300)) { _ in false }
        // settings → about is a configured edge: taking it three times teaches the graph nothing.
        #expect(transport.sent.filter { $0["type"] as? String == "graph" }.isEmpty)

        // notes → note is an assistant's choice: learned the first time, sent once.
        try flow.apply(.selectTab(.notes))
        try await flow.settle()
        let notes = flow.state.focusedScreen.id
        for _ in 0..<2 {
            let list = try #require(flow.destination(notes) as? NotesList)
            try list.send(.select, content: NotesDatasource.samples[0])
            _ = try #require(
                await transport.message {
                    ($0["cause"] as? [String: Any])?["name"] as? String == "select"
                        && ($0["rendered"] as? String)?.contains("note(id:") == true
                })
            try flow.apply(.back)
            try await flow.settle()
        }
        _ = await transport.message(timeout: .milliseconds(300)) { _ in false }
        let graphs = transport.sent.filter { $0["type"] as? String == "graph" }
        #expect(graphs.count == 1)
        #expect(((graphs.first?["graph"] as? [String: Any])?["dot"] as? String)?.contains("(observed)") == true)
        await inspector.disconnect()
    }
}
#endif
