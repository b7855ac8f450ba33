#if DEBUG || InspectorInRelease
import Destinations
@testable import DestinationsInspector
import Foundation
import NotesApp
import Testing

@MainActor
@Suite struct FlowInspectorTransportTests {
    /// A batch whose send fails is not lost: it goes, in order, once the session opens again.
    @Test func aBatchWhoseSendFailedGoesAfterReconnecting() async throws {
        let flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        let transport = FakeTransport()
        let inspector = FlowInspector(
            flow: flow, configuration: InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t"),
            transport: transport)
        inspector.connect()
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        transport.failingSends = 1
        try flow.apply(.push(.note(id: 1)))
        let pushed = try #require(
            await transport.message { $0.causeKind == "presentation" }, "the failed batch is sent again")
        #expect(pushed["rendered"] as? String == flow.state.rendered())
        #expect(transport.hellos.count == 2)
        // After it, the state as it is when the session opened again.
        let kinds = transport.sent.compactMap(\.causeKind)
        #expect(kinds == ["connect", "presentation", "connect"])
        await inspector.disconnect()
    }

    /// `.automatic` is a WebSocket where Foundation has them (Apple platforms), HTTP elsewhere.
    @Test func automaticPicksWebSocketsWhereTheyExist() {
        typealias Transport = InspectorConfiguration.Transport
        #expect(Transport.automatic.resolved(webSocketsAvailable: true) == .webSocket)
        #expect(Transport.automatic.resolved(webSocketsAvailable: false) == .http)
        #expect(Transport.webSocket.resolved(webSocketsAvailable: false) == .http)
        #expect(Transport.http.resolved(webSocketsAvailable: true) == .http)
        #if canImport(Darwin)
        #expect(
            FlowInspector<AppRoute>.makeTransport(
                InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t"))
                is WebSocketInspectorTransport)
        #else
        #expect(
            FlowInspector<AppRoute>.makeTransport(
                InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t")) is HTTPInspectorTransport)
        #endif
    }
}
#endif
