#if DEBUG || InspectorInRelease
import Destinations
import DestinationsURLs
@testable import DestinationsInspector
import Foundation
import NotesApp
import Testing

@MainActor
@Suite struct FlowInspectorToolsTests {
    let configuration = InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t", app: "Notes")

    func makeFlow() throws -> Flow<AppRoute> {
        try Flow(
            FlowConfiguration(
                layout: NotesAppConfiguration.layout,
                providers: NotesAppConfiguration.providers(datasource: NotesDatasource())))
    }

    /// A URL the page asks for is opened as an external link of unknown origin: the app ends
    /// as a direct `open` with that source leaves it, the page learns the outcome, and the
    /// transaction's cause is labelled `opened` (a URL, a shortcut or a notification alike).
    @Test func aURLFromThePageIsOpenedThroughTheFlow() async throws {
        let url = "https://notes.example.com/licenses"
        let reference = try makeFlow()
        let router = try NotesAppConfiguration.makeRouter()
        let expected = Result {
            try FlowURLs(reference, router: router, scene: "main").open(url, source: .external(.unknown))
        }
        let flow = try makeFlow()
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, router: router, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        try transport.push(["type": "open", "request": 3, "url": url])
        let result = try #require(await transport.message { $0["type"] as? String == "result" })
        #expect(result["kind"] as? String == "open" && result["request"] as? Int == 3)
        switch expected {
        case .success(let outcome):
            #expect(
                result["ok"] as? Bool == true
                    && result["outcome"] as? String == FlowInspector<AppRoute>.name(of: outcome))
            let opened = await transport.message { $0.causeKind == "opened" }
            #expect((opened?.cause["summary"] as? String)?.isEmpty == false)
        case .failure:
            #expect(result["ok"] as? Bool == false)
        }
        #expect(flow.state.rendered() == reference.state.rendered())
        await inspector.disconnect()
    }

    /// A read-only client opens nothing.
    @Test func aReadOnlyClientOpensNoURL() async throws {
        let flow = try makeFlow()
        let before = flow.state
        let transport = FakeTransport()
        var readOnly = configuration
        readOnly.allowRestore = false
        let inspector = FlowInspector(flow: flow, configuration: readOnly, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        try transport.push(["type": "open", "request": 1, "url": "https://notes.example.com/licenses"])
        let result = try #require(await transport.message { $0["type"] as? String == "result" })
        #expect(
            result["ok"] as? Bool == false && (result["error"] as? [String: Any])?["code"] as? String == "notAllowed")
        #expect(flow.state == before)
        await inspector.disconnect()
    }

    @Test func aClientWithoutARouterRefusesURLsAndChangesNothing() async throws {
        let flow = try makeFlow()
        let before = flow.state
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        try transport.push(["type": "open", "request": 2, "url": "https://notes.example.com/licenses"])
        let result = try #require(await transport.message { $0["type"] as? String == "result" })
        #expect(result["ok"] as? Bool == false && (result["error"] as? [String: Any])?["code"] as? String == "refused")
        #expect(flow.state == before)
        await inspector.disconnect()
    }

    @Test func aURLTheRouterRefusesIsReportedWithTheURLsError() async throws {
        let flow = try makeFlow()
        let before = flow.state
        let transport = FakeTransport()
        let inspector = FlowInspector(
            flow: flow, configuration: configuration, router: try NotesAppConfiguration.makeRouter(),
            transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        try transport.push(["type": "open", "request": 4, "url": "notes://main/settings"])
        let result = try #require(await transport.message { $0["type"] as? String == "result" })
        let message = (result["error"] as? [String: Any])?["message"] as? String
        #expect(
            result["ok"] as? Bool == false && message?.contains("externalStateURLsDisabled") == true,
            "\(message ?? "no message")")
        #expect(flow.state == before)
        await inspector.disconnect()
    }

    /// Each change's event says how long its commit and its providers' builds took, and
    /// carries the rendering a replay compares; the timing guard goes with the client.
    @Test func eventsCarryTheirTiming() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        #expect(flow.guards.map(\.name) == [TransactionClock<AppRoute>.guardName])
        try flow.apply(.selectTab("settings"))
        try flow.apply(.push(.about))
        let event = try #require(
            await transport.message {
                $0.causeKind == "presentation" && ($0.cause["description"] as? String)?.contains("push") == true
            })
        let timing = try #require(event["timing"] as? [String: Any])
        #expect((timing["commitMicros"] as? Int ?? -1) >= 0)
        #expect((timing["buildMicros"] as? Int ?? -1) >= 0)
        #expect(event["renderedWithoutIDs"] as? String == flow.state.rendered(ids: false))
        await inspector.disconnect()
        #expect(flow.guards.isEmpty)
    }

    /// The hello lists the graph's edges, from which the inspector draws it.
    @Test func theHelloListsTheGraphsEdges() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        let graph = FlowGraph(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        let inspector = FlowInspector(flow: flow, configuration: configuration, graph: graph, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        let edges = try #require((transport.hellos.first?["graph"] as? [String: Any])?["edges"] as? [[String: Any]])
        #expect(edges.count == graph.edges.count + graph.observedEdges.count)
        #expect(edges.first?["from"] as? String == graph.edges.first?.from)
        await inspector.disconnect()
    }

    /// After a lost connection, the transport's hello names the session it continues; only
    /// that connection knows the key.
    @Test func aReconnectingHelloNamesItsSession() throws {
        let hello = Data(#"{"type":"hello","app":"t"}"#.utf8)
        let resumed = try #require(
            try JSONSerialization.jsonObject(with: HTTPInspectorTransport.hello(hello, resuming: "abc"))
                as? [String: Any])
        #expect(resumed["resume"] as? String == "abc" && resumed["app"] as? String == "t")
        #expect(HTTPInspectorTransport.hello(hello, resuming: nil) == hello)
    }
}
#endif
