import Destinations
import DestinationsInspector
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import Testing

@testable import destinations_inspector

/// A route of many screens, for a real client's large states.
enum WideRoute: NavigationRoute, Codable {
    case screen(Int)
}

/// The one Destination of ``WideRoute``.
@MainActor
final class WideScreen: Destination {
    enum Event: Hashable, Sendable { case none }
    let context = DestinationContext<WideRoute, Event>()
}

/// The wire's one limit, end to end: a real client and the real server.
@Suite struct WireTests {
    let token = "0123456789abcdef"

    /// A hello larger than a WebSocket frame's default 16 KiB (a flow graph of 44 KiB) opens a
    /// session over a socket: the server's frame limit is the wire's.
    @Test(.timeLimit(.minutes(1))) func aHelloOverSixteenKiBConnectsOverASocket() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let router = makeRouter(hub: hub, page: try Page(), token: token)
        let app = Application(
            router: router, server: .inspector(router: router, frameBytes: InspectorWire.messageBytes),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        let routes = (0..<2_000).map { "\"route\($0)\"" }.joined(separator: ",")
        let hello = #"{"type":"hello","app":"big","pid":1,"graph":{"routes":[\#(routes)],"edges":[]}}"#
        #expect(hello.utf8.count > 20_000)
        try await app.test(.live) { client in
            let (answers, answer) = AsyncStream<String>.makeStream()
            _ = try await client.ws("/app?token=\(token)") { inbound, outbound, _ in
                try await outbound.write(.text(hello))
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    if case .text(let text) = message { answer.yield(text) }
                    break
                }
            }
            answer.finish()
            var iterator = answers.makeAsyncIterator()
            let first = JSONText.object(await iterator.next() ?? "")
            #expect(first?["type"] as? String == "session")
        }
    }

    /// A real client sends a state of 10,000 screens, and the server takes it whole.
    @Test(.timeLimit(.minutes(3))) func aRealClientSendsAStateOfTenThousandScreens() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let router = makeRouter(hub: hub, page: try Page(), token: token)
        let app = Application(
            router: router, server: .inspector(router: router, frameBytes: InspectorWire.messageBytes),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        let (page, stream) = await hub.addPage()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let inspector = try await MainActor.run { () throws -> FlowInspector<WideRoute> in
                let flow = try Flow(
                    .tabs([.tab("wide", .stack((0..<10_000).map { WideRoute.screen($0) }))]),
                    providers: Providers { _ in Provider<WideRoute> { _ in WideScreen() } })
                let inspector = FlowInspector(
                    flow: flow,
                    configuration: InspectorConfiguration(
                        url: URL(string: "http://127.0.0.1:\(port)")!, token: token, app: "wide", transport: .http,
                        report: { _ in }))
                inspector.connect()
                return inspector
            }
            var reader = PageReader(iterator: stream.makeAsyncIterator())
            let relayed = try #require(await reader.next("event"))
            let event = try #require(relayed["event"] as? [String: Any])
            let tree = JSONText.text(event["tree"] as? [String: Any] ?? [:])
            #expect(tree.components(separatedBy: #""kind":"screen""#).count - 1 == 10_000)
            // Larger than the 1 MiB a message could have before the wire's one limit.
            #expect(JSONText.text(event).utf8.count > 1 << 20)
            #expect(await inspector.messageRefusals.isEmpty)
            await inspector.disconnect()
        }
        await hub.removePage(page)
    }

    /// A full server answers 503 with the reason and `retry`, so that the app dials again
    /// later instead of stopping.
    @Test func aFullServerTellsTheAppToDialAgain() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(connectedSessions: 1))
        let router = makeRouter(hub: hub, page: try Page(), token: token)
        try await Application(router: router).test(.router) { client in
            let host: HTTPFields = [.init("Host")!: "127.0.0.1:8765"]
            for pid in 1...2 {
                let hello = ByteBuffer(string: #"{"type":"hello","app":"t","pid":\#(pid)}"#)
                try await client.execute(
                    uri: "/app/sessions?token=\(token)", method: .post, headers: host, body: hello
                ) { response in
                    if pid == 1 {
                        #expect(response.status == .ok)
                    } else {
                        #expect(response.status == .serviceUnavailable)
                        let answer = JSONText.object(String(buffer: response.body))
                        #expect(answer?["retry"] as? Bool == true)
                        #expect((answer?["reason"] as? String)?.contains("1 connected sessions") == true)
                    }
                }
            }
        }
    }

    /// A flood of hellos at a full server costs pages a bounded number of rows.
    @Test func refusedHellosReachPagesBounded() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(connectedSessions: 1))
        let (page, stream) = await hub.addPage()
        _ = try await hub.opened(#"{"type":"hello","app":"t","pid":1}"#)
        for pid in 2...1_001 { _ = await hub.open(hello: Substring(#"{"type":"hello","app":"t","pid":\#(pid)}"#)) }
        await hub.removePage(page)
        var errors = 0
        for await frame in stream {
            errors +=
                frame.split(separator: "\n").filter { JSONText.object(String($0))?["type"] as? String == "error" }
                .count
        }
        #expect(await hub.refusedHellos == 1_000)
        // The first 20, then 32, 64, 128, 256 and 512.
        #expect(errors == Hub.refusedHelloRows + 5)
    }
}
