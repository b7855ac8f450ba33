#if DEBUG || InspectorInRelease
import Destinations
@testable import DestinationsInspector
import Foundation
import NotesApp
import Testing

/// A hello the inspector refuses, a heartbeat, and what "copy as test" needs to replay a change.
@MainActor
@Suite struct FlowInspectorRefusalTests {
    let configuration = InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t", app: "Notes")

    func makeFlow() throws -> Flow<AppRoute> {
        try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
    }

    func graph() -> FlowGraph<AppRoute> {
        FlowGraph(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
    }

    /// A hello refused for its graph is said again at once without it, and the session opens.
    @Test func aHelloRefusedWithItsGraphIsSaidAgainWithout() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        transport.refuse = { $0["graph"] != nil ? "hello: 600000 bytes, more than the 524288 a hello may have" : nil }
        let inspector = FlowInspector(flow: flow, configuration: configuration, graph: graph(), transport: transport)
        inspector.connect()
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        #expect(
            transport.attempts.count == 2 && transport.attempts[0]["graph"] != nil
                && transport.attempts[1]["graph"] == nil)
        #expect(inspector.status == .connected && inspector.sessionsOpened == 1)
        #expect(inspector.helloRefusals == ["hello: 600000 bytes, more than the 524288 a hello may have"])
        // New edges no longer send the graph the inspector could not take.
        try flow.apply(.selectTab(.settings))
        _ = try #require(await transport.message { $0.causeKind == "presentation" })
        #expect(!transport.sent.contains { $0["type"] as? String == "graph" })
        await inspector.disconnect()
    }

    /// A hello refused even without its graph stops the client, which says why, instead of
    /// dialling again and again.
    @Test func aHelloRefusedWithoutAGraphStopsTheClient() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        transport.refuse = { _ in "hello: app: expected a string of at most 200 characters" }
        let inspector = FlowInspector(flow: flow, configuration: configuration, graph: graph(), transport: transport)
        inspector.connect()
        while case .connecting = inspector.status { await Task.yield() }
        #expect(
            inspector.status
                == .refused(reason: "hello: app: expected a string of at most 200 characters"))
        #expect(transport.attempts.count == 2 && transport.hellos.isEmpty && inspector.helloRefusals.count == 2)
        // Connecting again tries again.
        transport.refuse = { _ in nil }
        inspector.connect()
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        #expect(inspector.status == .connected && transport.attempts.count == 3)
        await inspector.disconnect()
    }

    /// A transport with a heartbeat gets one while nothing else goes.
    @Test func aTransportWithAHeartbeatGetsOne() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport(heartbeat: .milliseconds(20))
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        let heartbeat = try #require(await transport.message { $0["type"] as? String == "heartbeat" })
        #expect(heartbeat.count == 1)
        await inspector.disconnect()
        let plain = FakeTransport()
        let other = FlowInspector(flow: flow, configuration: configuration, transport: plain)
        other.connect()
        _ = try #require(await plain.message { $0.causeKind == "connect" })
        try flow.apply(.selectTab(.settings))
        _ = try #require(await plain.message { $0.causeKind == "presentation" })
        #expect(!plain.sent.contains { $0["type"] as? String == "heartbeat" })
        await other.disconnect()
    }

    /// An event whose provider answers it with a fixed presentation is marked replayable; one
    /// whose response reads its content is not. A user action carries its case and ids.
    @Test func causesSayWhatATestCanReplay() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        try await flow.settle()
        let list = try #require(flow.focusedDestination(as: NotesList.self))
        try list.send(.select, content: Note(id: 1, title: "One", body: ""))
        let select = try #require(
            await transport.message { $0.causeKind == "event" && $0.cause["name"] as? String == "select" })
        #expect(select.cause["replay"] == nil)
        let detail = try #require(flow.focusedDestination(as: NoteDetail.self))
        try detail.send(.edit)
        let edit = try #require(
            await transport.message { $0.causeKind == "event" && $0.cause["name"] as? String == "edit" })
        #expect(
            edit.cause["replay"] as? String == "event"
                && edit.cause["from"] as? Int == Int(detail.context.id?.rawValue ?? 0))
        try flow.apply(.dismiss)
        let stack = try #require(flow.state.stack(containing: flow.state.focusedScreen.id))
        let root = try #require(stack.stack?.elements.first)
        try flow.apply(UserAction.popped(stack: stack.id, to: root.id))
        let popped = try #require(await transport.message { $0.causeKind == "user" })
        let action = try #require(popped.cause["action"] as? [String: Any])
        #expect(
            action["case"] as? String == "popped" && action["stack"] as? Int == Int(stack.id.rawValue)
                && action["to"] as? Int == Int(root.id.rawValue))
        await inspector.disconnect()
    }
}
#endif
