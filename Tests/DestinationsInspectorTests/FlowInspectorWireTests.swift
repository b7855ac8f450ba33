#if DEBUG || InspectorInRelease
import Destinations
@testable import DestinationsInspector
import Foundation
import NotesApp
import Testing

/// The lines a client reported, collected from any thread.
final class ReportedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var lines: [String] { lock.withLock { stored } }

    func append(_ line: String) { lock.withLock { stored.append(line) } }
}

/// A route with a payload as large as a test needs.
enum WireRoute: NavigationRoute, Codable {
    case page(String)
}

/// The one Destination of ``WireRoute``.
@MainActor
final class WirePage: Destination {
    enum Event: Hashable, Sendable { case none }
    let context = DestinationContext<WireRoute, Event>()
}

/// The wire's one limit, a full inspector, and messages the inspector refuses.
@MainActor
@Suite struct FlowInspectorWireTests {
    let reported = ReportedLines()

    func configuration() -> InspectorConfiguration {
        let reported = reported
        return InspectorConfiguration(
            url: URL(string: "http://127.0.0.1:1")!, token: "t", app: "Notes", report: { reported.append($0) })
    }

    func makeFlow() throws -> Flow<AppRoute> {
        try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
    }

    func graph() -> FlowGraph<AppRoute> {
        FlowGraph(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
    }

    /// A full inspector is not a refusal for good: the client keeps its graph, dials again
    /// with backoff, says why it is not connected, and connects once there is room.
    @Test func aFullInspectorIsDialledAgainAndTheAppSaysWhy() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        let full = "hello: the inspector holds 64 connected sessions, its limit; it is dialled again when one ends"
        transport.refuse = { _ in full }
        transport.refuseForNow = true
        let inspector = FlowInspector(
            flow: flow, configuration: configuration(), graph: graph(), transport: transport)
        inspector.connect()
        while transport.attempts.count < 2 { await Task.yield() }
        #expect(inspector.status == .waiting(reason: full))
        #expect(reported.lines == ["not connected: \(full)"], "said once, not at every dial")
        transport.refuse = { _ in nil }
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        #expect(inspector.status == .connected)
        #expect(transport.attempts.allSatisfy { $0["graph"] != nil }, "the graph is kept")
        #expect(transport.hellos.count == 1 && transport.hellos[0]["graph"] != nil)
        await inspector.disconnect()
    }

    /// An inspector that does not answer is reported too, with its address.
    @Test func anUnreachableInspectorIsReported() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport(failingOpens: 1)
        let inspector = FlowInspector(flow: flow, configuration: configuration(), transport: transport)
        inspector.connect()
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        #expect(reported.lines.count == 1)
        #expect(
            reported.lines.first?.hasPrefix("not connected: no answer from the inspector at http://127.0.0.1:1") == true
        )
        await inspector.disconnect()
    }

    /// A message over the wire's limit is reported and never sent, so no batch is refused,
    /// and no socket closed over it, again and again; what comes after it still goes.
    @Test(.timeLimit(.minutes(3))) func aMessageOverTheWireLimitIsReportedNotSent() async throws {
        let flow = try Flow(
            .tabs([.tab("main", .stack([WireRoute.page("small")]))]),
            providers: Providers { _ in Provider<WireRoute> { _ in WirePage() } })
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration(), transport: transport)
        inspector.connect()
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        // The payload is in the event's state, tree, renderings and changes: over the limit.
        try flow.apply(.push(.page(String(repeating: "x", count: InspectorWire.messageBytes / 4))))
        while inspector.messageRefusals.isEmpty { await Task.yield() }
        try flow.apply(.back)
        _ = try #require(await transport.message(timeout: .seconds(60)) { $0.causeKind == "presentation" })
        #expect(inspector.messageRefusals.count == 1)
        #expect(inspector.messageRefusals.first?.hasPrefix("event #") == true)
        #expect(inspector.messageRefusals.first?.contains("a message may have") == true)
        #expect(reported.lines == inspector.messageRefusals)
        #expect(transport.batches.joined().allSatisfy { $0.count <= InspectorWire.messageBytes })
        #expect(transport.sent.filter { $0.causeKind == "presentation" }.count == 1)
        await inspector.disconnect()
    }

    /// Messages the inspector took the batch of but refused are reported, and not sent again.
    @Test func refusedMessagesAreReportedNotSentAgain() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        transport.refuseMessage = { $0.causeKind == "presentation" ? "event: the shape is wrong" : nil }
        let inspector = FlowInspector(flow: flow, configuration: configuration(), transport: transport)
        inspector.connect()
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        try flow.apply(.selectTab(.settings))
        while inspector.messageRefusals.isEmpty { await Task.yield() }
        #expect(inspector.messageRefusals == ["event: the shape is wrong"])
        #expect(inspector.status == .connected && inspector.sessionsOpened == 1)
        transport.refuseMessage = { _ in nil }
        try flow.apply(.selectTab(.notes))
        _ = try #require(await transport.message { $0.causeKind == "presentation" })
        let presentations = transport.batches.joined().filter {
            (try? JSONSerialization.jsonObject(with: $0) as? [String: Any])?.causeKind == "presentation"
        }
        #expect(presentations.count == 2, "the refused one was not sent again")
        await inspector.disconnect()
    }
}
#endif
