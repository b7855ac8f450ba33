#if DEBUG || InspectorInRelease
@testable import Destinations
@testable import DestinationsInspector
import Foundation
import NotesApp
import Testing

/// A door an asynchronous guard waits at until the test opens it.
@MainActor
final class WaitingGate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var arrivals = 0

    func pass() async {
        arrivals += 1
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}

/// The inspector sees what the flow waits on: a `waiting` message when a wait starts, an
/// empty one when it ends.
@MainActor
@Suite struct FlowInspectorWaitingTests {
    let configuration = InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t", app: "Notes")

    func makeFlow(_ gate: WaitingGate) throws -> Flow<AppRoute> {
        let flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        flow.asyncGuards = [
            AsyncNavigationGuard("sharing", watches: { $0 == .about }) { _ in
                await gate.pass()
                return .allow
            }
        ]
        // The gate decides when the guard answers: no timer.
        flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        return flow
    }

    @Test func aWaitIsSentWhenItStartsAndClearedWhenItEnds() async throws {
        let gate = WaitingGate()
        let flow = try makeFlow(gate)
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        let waiting = Task { try await flow.performAwaitingGuards(.presentation(.sheet(.about))) }
        let started = try #require(
            await transport.message { ($0["items"] as? [[String: Any]])?.isEmpty == false })
        let items = try #require(started["items"] as? [[String: Any]])
        #expect(started["type"] as? String == "waiting")
        #expect(items.count == 1)
        #expect(items.first?["kind"] as? String == "asyncGuard")
        #expect(items.first?["name"] as? String == "sharing")
        #expect((items.first?["cause"] as? String)?.isEmpty == false)
        #expect((items.first?["ageMillis"] as? Int).map { $0 >= 0 } == true)
        #expect(started["more"] as? Int == 0)
        gate.open()
        #expect(try await waiting.value == .applied)
        let ended = try #require(
            await transport.message { $0["type"] as? String == "waiting" && ($0["items"] as? [Any])?.isEmpty == true })
        #expect(ended["more"] as? Int == 0)
        await inspector.disconnect()
    }

    @Test func aSessionOpenedDuringAWaitShowsIt() async throws {
        let gate = WaitingGate()
        let flow = try makeFlow(gate)
        let waiting = Task { try await flow.performAwaitingGuards(.presentation(.sheet(.about))) }
        while gate.arrivals == 0 { await Task.yield() }
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        let message = try #require(await transport.message { $0["type"] as? String == "waiting" })
        #expect((message["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["sharing"])
        gate.open()
        _ = try await waiting.value
        await inspector.disconnect()
    }

    @Test func aRedactedCauseKeepsOnlyItsKind() {
        let encoder = InspectorEncoder<AppRoute>(redact: { $0 }, router: nil, scene: "main")
        let item = Flow<AppRoute>.WaitingWork(
            id: 1, kind: .resolution, name: "lookup", cause: "opened s/{code} (secret)", since: .now)
        let message = encoder.waiting([item], now: item.since)
        let items = message["items"] as? [[String: Any]]
        #expect(items?.first?["cause"] as? String == "opened")
        #expect(items?.first?["ageMillis"] as? Int == 0)
    }

    @Test func aLongListIsCutAndCounted() {
        let encoder = InspectorEncoder<AppRoute>(redact: nil, router: nil, scene: "main")
        let items = (1...40).map {
            Flow<AppRoute>.WaitingWork(
                id: UInt64($0), kind: .asyncGuard, name: "g", cause: String(repeating: "x", count: 1000),
                since: .now)
        }
        let message = encoder.waiting(items, now: .now)
        let sent = message["items"] as? [[String: Any]]
        #expect(sent?.count == 32)
        #expect(message["more"] as? Int == 8)
        #expect((sent?.first?["cause"] as? String)?.count == 200)
    }
}
#endif
