import Destinations
@testable import DestinationsInspector
import Foundation
import NotesApp
import Testing

@MainActor
@Suite struct FlowInspectorLifetimeTests {
    /// Dropping the last reference to a connected client should end it, like `disconnect()`.
    @Test func aDroppedClientStopsAndReleasesItsFlow() async throws {
        let transport = FakeTransport()
        weak var weakInspector: FlowInspector<AppRoute>?
        weak var weakFlow: Flow<AppRoute>?
        do {
            let flow = try Flow(NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
            weakFlow = flow
            let inspector = FlowInspector(flow: flow, configuration: InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t"), transport: transport)
            weakInspector = inspector
            inspector.connect()
            _ = await transport.message { $0.causeKind == "connect" }
        }
        for _ in 0..<50 where weakInspector != nil { try await Task.sleep(for: .milliseconds(20)) }
        // Known: the run and receive tasks call `self?.run()` / `self?.receiveLoop()`, which hold
        // the client (and through it the flow) for as long as the loops run, that is forever.
        withKnownIssue("a dropped, connected FlowInspector keeps running and keeps its flow alive") {
            #expect(weakInspector == nil)
            #expect(weakFlow == nil)
        }
    }
}
