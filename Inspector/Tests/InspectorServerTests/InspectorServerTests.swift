import DestinationsInspector
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import Testing

@testable import destinations_inspector

@Suite struct OptionsTests {
    @Test func anEmptyTokenVariableMeansARandomToken() throws {
        let options = try Options(arguments: ["inspector"], environment: ["DESTINATIONS_INSPECTOR_TOKEN": ""])
        #expect(options.token.count == 16)
    }

    @Test func aTokenOfSpacesOrOddCharactersIsRefused() throws {
        #expect(throws: WeakTokenError.self) {
            try Options(arguments: ["inspector", "--token", String(repeating: " ", count: 20)], environment: [:])
        }
        #expect(throws: WeakTokenError.self) {
            try Options(arguments: ["inspector", "--token", "0123456789abcdef&x=1"], environment: [:])
        }
        #expect(
            try Options(arguments: ["inspector"], environment: ["DESTINATIONS_INSPECTOR_TOKEN": "    "]).token.count
                == 16)
        #expect(
            try Options(arguments: ["inspector", "--token", "0123456789abcdef-_.~"], environment: [:]).token
                == "0123456789abcdef-_.~")
    }

    @Test func aShortTokenIsRefused() {
        #expect(throws: WeakTokenError.self) { try Options(arguments: ["inspector", "--token", ""], environment: [:]) }
        #expect(throws: WeakTokenError.self) {
            try Options(arguments: ["inspector", "--token", "abc"], environment: [:])
        }
        #expect(throws: WeakTokenError.self) {
            try Options(arguments: ["inspector"], environment: ["DESTINATIONS_INSPECTOR_TOKEN": "short"])
        }
    }
}

@Suite struct RouterSecurityTests {
    let token = "0123456789abcdef"

    func withApp(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = makeRouter(hub: Hub(graphviz: Graphviz()), page: try Page(), token: token, host: "127.0.0.1")
        try await Application(router: router).test(.router, test)
    }

    func hello() -> ByteBuffer { ByteBuffer(string: #"{"type":"hello","app":"t","pid":1}"#) }

    @Test func appsNeedTheToken() async throws {
        try await withApp { client in
            let host: HTTPFields = [.init("Host")!: "127.0.0.1:8765"]
            try await client.execute(uri: "/app/sessions", method: .post, headers: host, body: hello()) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(
                uri: "/app/sessions?token=0123456789abcdeX", method: .post, headers: host, body: hello()
            ) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/app/sessions?token=\(token)", method: .post, headers: host, body: hello()) {
                #expect($0.status == .ok)
            }
            try await client.execute(
                uri: "/app/sessions/1/messages?token=\(token)", method: .post, headers: host,
                body: ByteBuffer(string: "{}")
            ) { #expect($0.status == .gone) }
            try await client.execute(
                uri: "/app/sessions/1/messages", method: .post, headers: host, body: ByteBuffer(string: "{}")
            ) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/app/sessions/1/bye", method: .post, headers: host) {
                #expect($0.status == .forbidden)
            }
        }
    }

    /// A page whose name was rebound to 127.0.0.1 names itself in `Host`: refused, token or not.
    @Test func aRequestNamingAnotherHostIsRefused() async throws {
        try await withApp { client in
            for name in ["evil.example:8765", "evil.example", "127.0.0.1.evil.example:8765"] {
                let headers: HTTPFields = [.init("Host")!: name]
                try await client.execute(
                    uri: "/app/sessions?token=\(token)", method: .post, headers: headers, body: hello()
                ) { #expect($0.status == .forbidden, "\(name)") }
                try await client.execute(uri: "/", method: .get, headers: headers) {
                    #expect($0.status == .forbidden, "\(name)")
                }
            }
            for name in ["127.0.0.1:8765", "localhost:8765", "[::1]:8765"] {
                let headers: HTTPFields = [.init("Host")!: name]
                try await client.execute(uri: "/", method: .get, headers: headers) {
                    #expect($0.status == .ok, "\(name)")
                }
            }
            // A name with more after its port, or two Host headers, is refused.
            for name in ["127.0.0.1:8766@evil.example", "127.0.0.1:80x", "127.0.0.1:", "[::1]x"] {
                try await client.execute(uri: "/", method: .get, headers: [.init("Host")!: name]) {
                    #expect($0.status == .forbidden, "\(name)")
                }
            }
            var two = HTTPFields()
            two.append(HTTPField(name: .init("Host")!, value: "127.0.0.1:8765"))
            two.append(HTTPField(name: .init("Host")!, value: "evil.example"))
            try await client.execute(uri: "/", method: .get, headers: two) { #expect($0.status == .forbidden) }
        }
    }

    /// The policy never echoes the request's Host, forbids forms and plugins: requests that
    /// name the server differently get the very same policy, written out here in full.
    @Test func thePolicyIsFixedAndForbidsForms() async throws {
        let expected =
            "default-src 'self'; connect-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; object-src 'none'; "
            + "base-uri 'none'; form-action 'none'; frame-src 'none'; frame-ancestors 'none'"
        try await withApp { client in
            try await client.execute(uri: "/", method: .get, headers: [.init("Host")!: "localhost:1;script-src *"]) {
                response in
                #expect(response.status == .forbidden)
                #expect(response.headers[.init("Content-Security-Policy")!] == nil)
            }
            for (host, path) in [("127.0.0.1:8765", "/"), ("localhost:9999", "/inspector.js"), ("[::1]:1", "/")] {
                try await client.execute(uri: path, method: .get, headers: [.init("Host")!: host]) { response in
                    #expect(response.status == .ok, "\(host)")
                    #expect(response.headers[.init("Content-Security-Policy")!] == expected, "\(host)")
                }
            }
        }
    }

    @Test func aServerOnTheNetworkAcceptsAnyHostName() {
        #expect(isLoopback("127.0.0.1") && isLoopback("localhost") && isLoopback("::1"))
        #expect(
            !isLoopback("0.0.0.0") && !isLoopback("192.168.1.2") && !isLoopback("127.0.0.1.evil.example")
                && !isLoopback("127.evil"))
    }
}

@Suite struct HubTests {
    /// Once the log lets old events go, a restore still finds the event the page showed.
    @Test func aRestoreFindsItsEventAfterTheLogWasTrimmed() async throws {
        let hub = Hub(graphviz: Graphviz())
        let (id, key) = try await hub.opened(#"{"type":"hello","app":"t","pid":1}"#)
        let extra = 5
        let lines = (0..<(Hub.Limits().logEvents + extra)).map { Fixture.event(seq: $0, state: #"{"n":\#($0)}"#) }
        await hub.receive(lines, key: key)
        await hub.fromPage(#"{"type":"restore","session":\#(id),"index":7}"#)
        let commands = await hub.commands(key: key, timeout: .milliseconds(100)) ?? []
        let command = try #require(commands.first.flatMap(JSONText.object))
        #expect((command["state"] as? [String: Any])?["n"] as? Int == 7)
        // The oldest events are gone: asking for one is an error, not another state.
        await hub.fromPage(#"{"type":"restore","session":\#(id),"index":2}"#)
        #expect(await hub.commands(key: key, timeout: .milliseconds(100))?.isEmpty == true)
    }

    @Test func theSnapshotSaysWhereItsLogStarts() async throws {
        let hub = Hub(graphviz: Graphviz())
        let (_, key) = try await hub.opened(#"{"type":"hello","app":"t","pid":1}"#)
        await hub.receive((0..<(Hub.Limits().logEvents + 3)).map { Fixture.event(seq: $0) }, key: key)
        let (_, stream) = await hub.addPage()
        var iterator = stream.makeAsyncIterator()
        let snapshot = try #require(await iterator.next().flatMap(JSONText.object))
        let session = try #require((snapshot["sessions"] as? [[String: Any]])?.first)
        #expect(session["first"] as? Int == 3)
        #expect((session["log"] as? [Any])?.count == Hub.Limits().logEvents)
    }
}

@Suite struct StateTextTests {
    /// A page parses numbers as doubles; the hub hands it each state's exact text as well.
    @Test func eventsCarryTheirStateExactly() async throws {
        let hub = Hub(graphviz: Graphviz())
        let (_, key) = try await hub.opened(#"{"type":"hello","app":"t","pid":1}"#)
        let sent = #"{"root":{"id":9007199254740993,"s":"a \"}\" ,]","n":[1.50,{"x":-2e3}]}}"#
        // The hub's writing of the state: every integer exact, other numbers in their
        // shortest form, members in order.
        let state = #"{"root":{"id":9007199254740993,"n":[1.5,{"x":-2000.0}],"s":"a \"}\" ,]"}}"#
        await hub.receive([Fixture.event(seq: 1, state: sent + " ")], key: key)
        let (_, stream) = await hub.addPage()
        var iterator = stream.makeAsyncIterator()
        let snapshot = try #require(await iterator.next().flatMap(JSONText.object))
        let event = try #require(((snapshot["sessions"] as? [[String: Any]])?.first?["log"] as? [[String: Any]])?.first)
        #expect(event["stateText"] as? String == state)
        #expect(event["rendered"] as? String == "home")
    }
}

@Suite struct SessionKeyTests {
    let token = "0123456789abcdef"
    let hello = #"{"type":"hello","app":"t","pid":1}"#

    /// Session numbers start at 1 again after a restart; the key an app's paths carry does not.
    @Test func anAppGetsAnUnguessableKeyThatAnotherRunRefuses() async throws {
        let hub = Hub(graphviz: Graphviz())
        let (id, key) = try await hub.opened(hello)
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit) && key != "\(id)")
        let restarted = Hub(graphviz: Graphviz())
        let (sameID, otherKey) = try await restarted.opened(#"{"type":"hello","app":"other","pid":2}"#)
        #expect(sameID == id && otherKey != key)
        #expect(await restarted.receive([Fixture.event(seq: 0)], key: key) == nil)
        #expect(await restarted.commands(key: key) == nil)

        let router = makeRouter(hub: Hub(graphviz: Graphviz()), page: try Page(), token: token, host: "127.0.0.1")
        try await Application(router: router).test(.router) { client in
            let host: HTTPFields = [.init("Host")!: "127.0.0.1:8765"]
            let answer = try await client.execute(
                uri: "/app/sessions?token=\(token)", method: .post, headers: host, body: ByteBuffer(string: hello)
            ) { $0 }
            let session = try #require(JSONText.object(String(buffer: answer.body))?["session"] as? String)
            #expect(session.count == 32)
            try await client.execute(
                uri: "/app/sessions/\(session)/messages?token=\(token)", method: .post, headers: host,
                body: ByteBuffer(string: Fixture.event(seq: 1))
            ) { #expect($0.status == .noContent) }
            // A message without a type is refused, and the answer says why.
            try await client.execute(
                uri: "/app/sessions/\(session)/messages?token=\(token)", method: .post, headers: host,
                body: ByteBuffer(string: "{}")
            ) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("expected event, result, graph, waiting or heartbeat"))
            }
            try await client.execute(
                uri: "/app/sessions/1/messages?token=\(token)", method: .post, headers: host,
                body: ByteBuffer(string: "{}")
            ) { #expect($0.status == .gone) }
            try await client.execute(uri: "/app/sessions/1/commands?token=\(token)", method: .get, headers: host) {
                #expect($0.status == .gone)
            }
        }
    }

    /// Repeating an app's name, process and scene is not enough to take its session over.
    @Test func aHelloWithoutTheKeyOpensANewSession() async throws {
        let hub = Hub(graphviz: Graphviz())
        let (id, key) = try await hub.opened(hello)
        let (other, otherKey) = try await hub.opened(hello)
        #expect(other != id && otherKey != key)
        let (wrong, _) = try await hub.opened(Fixture.resuming(hello, key: String(repeating: "0", count: 32)))
        #expect(wrong != id)
        #expect(await hub.session(key: key) == id)
    }

    @Test func onlyTheLastEightDisconnectedSessionsStay() async throws {
        let hub = Hub(graphviz: Graphviz())
        var ids: [Int] = []
        for pid in 1...11 {
            let (id, key) = try await hub.opened(#"{"type":"hello","app":"t","pid":\#(pid)}"#)
            ids.append(id)
            if pid <= 10 { await hub.bye(key: key) }
        }
        let (_, stream) = await hub.addPage()
        var iterator = stream.makeAsyncIterator()
        let snapshot = try #require(await iterator.next().flatMap(JSONText.object))
        let kept = (snapshot["sessions"] as? [[String: Any]] ?? []).compactMap { $0["session"] as? Int }
        #expect(kept == Array(ids[2...]))
    }

    /// A crashed app never says bye: once it has had no poll waiting and sent nothing for the
    /// idle limit, its session is marked disconnected, as a bye would.
    @Test func anAppThatStopsPollingIsTakenForGone() async throws {
        let hub = Hub(graphviz: Graphviz())
        // Taken before the hello: a stall between the steps cannot age the app.
        let opened = ContinuousClock.now
        let (id, key) = try await hub.opened(hello)
        let (_, stream) = await hub.addPage()
        var page = stream.makeAsyncIterator()
        _ = await page.next()  // the snapshot

        await hub.expireIdle(now: opened + Hub.Limits().idleLimit / 2)
        #expect(await hub.session(key: key) == id)

        await hub.expireIdle(now: .now + Hub.Limits().idleLimit + .seconds(1))
        #expect(await hub.session(key: key) == nil)
        #expect(await hub.receive([Fixture.event(seq: 0)], key: key) == nil)
        let bye = try #require(await page.next().flatMap(JSONText.object))
        #expect(bye["type"] as? String == "bye" && bye["session"] as? Int == id)
    }

    /// The server's sweeper, once started, finds an app that went quiet by itself; a hub it
    /// was not started on judges apps only when asked, at the time its caller names.
    @Test func theSweeperTakesAQuietAppForGone() async throws {
        var limits = Hub.Limits()
        limits.idleLimit = .milliseconds(20)
        limits.sweepInterval = .milliseconds(10)
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: limits)
        let (_, key) = try await hub.opened(hello)
        await hub.startSweeping()
        try await waitUntil { await hub.session(key: key) == nil }
        #expect(await hub.endedQuiet(key: key))
        await hub.stop()
    }

    /// An app whose poll is waiting is there, however long the poll has waited.
    @Test func aWaitingPollKeepsTheAppConnected() async throws {
        let hub = Hub(graphviz: Graphviz())
        let (id, key) = try await hub.opened(hello)
        let poll = Task { await hub.commands(key: key, timeout: .seconds(600)) }
        try await waitUntil { await hub.isPolling(key: key) }
        await hub.expireIdle(now: .now + Hub.Limits().idleLimit * 5)
        #expect(await hub.session(key: key) == id)
        await hub.bye(key: key)
        #expect(await poll.value == nil)
    }

    /// A newer hello of the same app ends the older connection's poll for good, instead of
    /// the two polls ending each other in a loop; restores go to the newer one, and the older
    /// one's bye leaves the session connected.
    @Test func theNewestConnectionOwnsTheSessionsPoll() async throws {
        let hub = Hub(graphviz: Graphviz())
        let (id, old) = try await hub.opened(hello)
        await hub.receive([Fixture.event(seq: 0, state: #"{"n":1}"#)], key: old)
        // Polls that never time out on their own, so that a slow machine cannot let one expire
        // before the test sees it waiting; each wait is bounded, a failure rather than a hang.
        let oldPoll = Task { await hub.commands(key: old, timeout: .seconds(3_600)) }
        try await waitUntil { await hub.isPolling(key: old) }
        let (sameID, new) = try await hub.opened(Fixture.resuming(hello, key: old))
        #expect(sameID == id && new != old)
        #expect(await oldPoll.value == nil)
        #expect(await hub.commands(key: old) == nil)
        #expect(await hub.receive([Fixture.event(seq: 1)], key: old) == nil)

        let newPoll = Task { await hub.commands(key: new, timeout: .seconds(3_600)) }
        try await waitUntil { await hub.isPolling(key: new) }
        await hub.bye(key: old)
        await hub.fromPage(#"{"type":"restore","session":\#(id),"index":0}"#)
        let restore = try #require(await newPoll.value?.first.flatMap(JSONText.object))
        #expect((restore["state"] as? [String: Any])?["n"] as? Int == 1)

        await hub.bye(key: new)
        await hub.fromPage(#"{"type":"restore","session":\#(id),"index":0}"#)
        #expect(await hub.commands(key: new) == nil)
    }
}

@Suite struct AppSocketTests {
    let token = "0123456789abcdef"
    let hello = #"{"type":"hello","app":"t","pid":1}"#

    /// An app that reconnects (a relaunched socket, the same process and scene) takes its
    /// session over; the older socket is closed by the server rather than left open.
    @Test(.timeLimit(.minutes(1))) func anAppSocketThatANewerOneSupersedesIsClosed() async throws {
        let hub = Hub(graphviz: Graphviz())
        let router = makeRouter(hub: hub, page: try Page(), token: token, host: "127.0.0.1")
        let app = Application(
            router: Router(),
            server: .inspector(router: router, frameBytes: InspectorWire.messageBytes),
            configuration: .init(address: .hostname("127.0.0.1", port: 0))
        )
        let (pageID, page) = await hub.addPage()
        try await app.test(.live) { client in
            let path = "/app?token=\(token)"
            let hello = self.hello
            let (newerDone, finishNewer) = AsyncStream<Void>.makeStream()
            let (keys, gotKey) = AsyncStream<String>.makeStream()
            // The first socket says hello, learns its session's key, then reads until the
            // server closes it.
            async let older = client.ws(path) { inbound, outbound, _ in
                try await outbound.write(.text(hello))
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    if case .text(let text) = message, let key = JSONText.object(text)?["session"] as? String {
                        gotKey.yield(key)
                    }
                }
            }
            var keyIterator = keys.makeAsyncIterator()
            let key = await keyIterator.next() ?? ""
            var hellos = 0
            for await message in page where JSONText.object(message)?["type"] as? String == "hello" {
                hellos += 1
                if hellos == 1 {
                    // The session is open: a second socket of the same app takes it over.
                    Task {
                        try await client.ws(path) { _, outbound, _ in
                            try await outbound.write(.text(Fixture.resuming(hello, key: key)))
                            for await _ in newerDone {}
                        }
                    }
                } else {
                    break
                }
            }
            let closed = try await older
            finishNewer.finish()
            #expect(closed?.closeCode == .normalClosure)
            #expect(closed?.reason == "superseded")
        }
        await hub.removePage(pageID)
    }
}

/// Waits, yielding, until `condition` holds; fails after `limit` of wall-clock time instead of
/// spinning forever.
func waitUntil(_ limit: Duration = .seconds(60), _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while await !condition() {
        try #require(ContinuousClock.now < deadline, "the condition never held")
        await Task.yield()
    }
}
