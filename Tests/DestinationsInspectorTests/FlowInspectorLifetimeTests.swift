#if DEBUG || InspectorInRelease
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
            let flow = try Flow(
                NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
            weakFlow = flow
            let inspector = FlowInspector(
                flow: flow, configuration: InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t"),
                transport: transport)
            weakInspector = inspector
            inspector.connect()
            _ = await transport.message { $0.causeKind == "connect" }
        }
        #expect(await eventually { weakInspector == nil })
        #expect(weakFlow == nil)
        #expect(await eventually { transport.closes > 0 }, "the session ends")
        #expect(transport.closes == 1)
    }
}

/// A transport whose `open` waits until the test lets it finish, as a slow network would.
@MainActor
final class SlowOpenTransport: InspectorTransport {
    private(set) var opened = 0
    private(set) var closedAfterOpen = 0
    private var waiting: CheckedContinuation<Void, Never>?

    func open(hello: Data) async throws {
        await withCheckedContinuation { waiting = $0 }
        opened += 1
    }

    func finishOpen() {
        waiting?.resume()
        waiting = nil
    }

    var isOpening: Bool { waiting != nil }

    func send(_ messages: [Data]) async throws {}

    func receive() async throws -> [Data] {
        try await Task.sleep(for: .seconds(60))
        return []
    }

    func close() async {
        if opened > 0 { closedAfterOpen += 1 }
    }
}

extension FlowInspectorLifetimeTests {
    @Test func disconnectingWhileASessionOpensLeavesTheClientIdleAndTheSessionClosed() async throws {
        let flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        let transport = SlowOpenTransport()
        let inspector = FlowInspector(
            flow: flow, configuration: InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t"),
            transport: transport)
        inspector.connect()
        #expect(await eventually { transport.isOpening })
        await inspector.disconnect()
        // The open the cancellation did not stop completes after `disconnect()` returned.
        transport.finishOpen()
        #expect(
            await eventually { transport.closedAfterOpen > 0 }, "the session opened after disconnect() was never closed"
        )
        #expect(inspector.status == .idle)
    }
}
/// Whether `condition` holds within `timeout` of scheduled time (ticks that each needed a turn
/// of the pool and of the main actor, so a busy machine does not eat the wait up): a bounded
/// wait for work under way, not a delay.
@MainActor
func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    var waited = Duration.zero
    while !condition() {
        guard waited < timeout else { return false }
        try? await Task.sleep(for: .milliseconds(10))
        await Task.detached {}.value
        waited += .milliseconds(10)
    }
    return true
}
#endif
