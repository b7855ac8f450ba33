import Foundation
import Testing

@testable import destinations_inspector

/// The server's own limits: sessions, Graphviz runs, snapshots, refusal rows, quiet sockets,
/// and the members of an event only the server writes.
@Suite struct HubLimitTests {
    let hello = #"{"type":"hello","app":"t","pid":1}"#

    /// Past the cap of connected sessions a hello is refused with the reason, pages are told,
    /// and a session that says bye makes room again; resuming a session is never refused.
    @Test func connectedSessionsAreCapped() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(connectedSessions: 3))
        let (_, stream) = await hub.addPage()
        var reader = PageReader(iterator: stream.makeAsyncIterator())
        _ = await reader.next("snapshot")
        var keys: [String] = []
        for pid in 1...3 { keys.append(try await hub.opened(#"{"type":"hello","app":"t","pid":\#(pid)}"#).1) }
        let refused = await hub.open(hello: #"{"type":"hello","app":"fourth","pid":4}"#)
        guard case .failure(let refusal) = refused else {
            Issue.record("a fourth session was opened")
            return
        }
        #expect(refusal.reason.contains("3 connected sessions"))
        let told = try #require(await reader.next("error"))
        #expect((told["message"] as? String)?.contains(#""fourth" was refused"#) == true)
        // Resuming a session is not a new one.
        #expect(try await hub.opened(Fixture.resuming(hello, key: keys[0])).1.isEmpty == false)
        await hub.bye(key: keys[1])
        #expect(try await hub.opened(#"{"type":"hello","app":"fourth","pid":4}"#).0 == 4)
    }

    /// A snapshot bigger than half the page buffer is cut to the newest events that fit and
    /// says how many it left out; the page then takes further events without being let go.
    @Test func aLargeSessionSendsABoundedSnapshot() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(pageBufferBytes: 40_000))
        let (id, key) = try await hub.opened(hello)
        await hub.receive((0..<200).map { Fixture.event(seq: $0, state: #"{"n":\#($0)}"#) }, key: key)
        let (page, stream) = await hub.addPage()
        var iterator = stream.makeAsyncIterator()
        let text = try #require(await iterator.next())
        #expect(text.utf8.count <= 20_000)
        let snapshot = try #require(JSONText.object(text))
        let session = try #require((snapshot["sessions"] as? [[String: Any]])?.first)
        let log = try #require(session["log"] as? [[String: Any]])
        let notSent = try #require(session["notSent"] as? Int)
        #expect(notSent > 0 && notSent + log.count == 200)
        #expect(session["first"] as? Int == notSent)
        #expect(log.last?["seq"] as? Int == 199 && log.first?["seq"] as? Int == notSent)
        let outbox = try #require(await hub.outbox(page: page))
        await hub.receive([Fixture.event(seq: 200)], key: key)
        #expect(!outbox.fellBehind)
        #expect(await hub.outbox(page: page) != nil)
        // A state the page was not sent is still the hub's to restore.
        await hub.fromPage(#"{"type":"restore","session":\#(id),"index":3}"#, page: page)
        let restore = try #require(
            await hub.commands(key: key, timeout: .milliseconds(1))?.first.flatMap(JSONText.object))
        #expect((restore["state"] as? [String: Any])?["n"] as? Int == 3)
    }

    /// A snapshot never carries drawings (a page asks for the one it shows): it says a session
    /// has one, and keeps the graph's text.
    @Test func aSnapshotCarriesNoDrawing() async throws {
        let hub = Hub(graphviz: Graphviz(executable: try Self.bigDot()), limits: .init(pageBufferBytes: 40_000))
        let graph =
            #""graph":{"routes":["a","b"],"edges":[{"from":"a","to":"b","event":"e","presentation":"push"}],"mermaid":"graph LR"}"#
        _ = try await hub.opened(#"{"type":"hello","app":"t","pid":1,\#(graph)}"#)
        func sent() async -> [String: Any]? {
            (JSONText.object(await hub.snapshot())?["sessions"] as? [[String: Any]])?.first?["graph"] as? [String: Any]
        }
        try await waitUntil { await sent()?["drawn"] as? Bool == true }
        #expect(await hub.snapshot().utf8.count <= 20_000)
        let graphSent = try #require(await sent())
        #expect(graphSent["svg"] is NSNull && graphSent["mermaid"] as? String == "graph LR")
    }

    /// A stand-in for `dot` that draws 30 KB at once.
    static func bigDot() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspector-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("dot").path
        try "#!/bin/sh\ncat > /dev/null\nhead -c 30000 /dev/zero | tr '\\000' g\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// Pages get a row for each of a session's first refusals, then one count a batch.
    @Test func refusalRowsAreCappedAndCounted() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(refusalRows: 5))
        let (_, key) = try await hub.opened(hello)
        let (page, stream) = await hub.addPage()
        var reader = PageReader(iterator: stream.makeAsyncIterator())
        _ = await reader.next("snapshot")
        let refusals = try #require(await hub.receive(Array(repeating: "not json", count: 8), key: key))
        #expect(refusals.count == 8)
        #expect(await hub.receive(Array(repeating: "[]", count: 4), key: key)?.count == 4)
        await hub.removePage(page)
        var rows = 0
        var counts: [Int] = []
        while let message = await reader.next("refused") {
            if let unshown = message["unshown"] as? Int {
                counts.append(unshown)
                #expect(message["rowLimit"] as? Int == 5)
            } else {
                rows += 1
            }
        }
        #expect(rows == 5 && counts == [3, 4])
        let snapshot = try #require(JSONText.object(await hub.snapshot()))
        #expect((snapshot["sessions"] as? [[String: Any]])?.first?["refusedCount"] as? Int == 12)
    }

    /// An app on a socket always has its command loop waiting: it is judged by its messages,
    /// and one that sends nothing (not even a heartbeat) is taken for gone like an HTTP app.
    @Test func aQuietSocketAppIsTakenForGone() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let idle = Hub.Limits().idleLimit
        let (id, key) = try await hub.open(hello: Substring(hello), socket: true).get()
        let loop = Task { await hub.commands(key: key, timeout: .seconds(600)) }
        try await waitUntil { await hub.isPolling(key: key) }
        // Times are taken before the step they follow: a stall between steps cannot age the app.
        let beat = ContinuousClock.now
        #expect(await hub.receive([#"{"type":"heartbeat"}"#], key: key) == [])
        await hub.expireIdle(now: beat + idle / 2)
        #expect(await hub.session(key: key) == id)
        await hub.expireIdle(now: .now + idle + .seconds(1))
        #expect(await hub.session(key: key) == nil)
        #expect(await hub.endedQuiet(key: key))
        #expect(await loop.value == nil)
    }

    /// A heartbeat keeps a socket app there, however long its loop has waited.
    @Test func aHeartbeatKeepsASocketAppConnected() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let idle = Hub.Limits().idleLimit
        let opened = ContinuousClock.now
        let (id, key) = try await hub.open(hello: Substring(hello), socket: true).get()
        let loop = Task { await hub.commands(key: key, timeout: .seconds(600)) }
        try await waitUntil { await hub.isPolling(key: key) }
        // A heartbeat long after the hello: the app is seen then, not at its hello.
        await hub.receive([#"{"type":"heartbeat"}"#], key: key, now: opened + idle * 2)
        await hub.expireIdle(now: opened + idle * 2 + idle / 2)
        #expect(await hub.session(key: key) == id)
        await hub.expireIdle(now: opened + idle * 3 + .seconds(1))
        #expect(await hub.session(key: key) == nil)
        #expect(await loop.value == nil)
    }

    /// The state text "copy as test" embeds is the hub's writing of the state it parsed, the
    /// very state a restore sends: a member named `state` inside a string, an escaped key, or a
    /// second `state` cannot make the two differ.
    @Test func theStateTextIsTheParsedState() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let (id, key) = try await hub.opened(hello)
        let tricky = [
            Fixture.event(seq: 1, state: #"{"n":1}"#).replacingOccurrences(
                of: #""rendered":"home""#, with: #""rendered":"\"state\":{\"n\":666}""#),
            Fixture.event(seq: 2, state: #"{"n":2}"#).replacingOccurrences(
                of: #""state":{"n":2}"#, with: #""st\u0061te":{"n":2}"#),
            String(Fixture.event(seq: 3, state: #"{"n":3}"#).dropLast()) + #","state":{"n":4}}"#,
        ]
        #expect(await hub.receive(tricky, key: key) == [])
        let snapshot = try #require(JSONText.object(await hub.snapshot()))
        let log = try #require((snapshot["sessions"] as? [[String: Any]])?.first?["log"] as? [[String: Any]])
        for (index, event) in log.enumerated() {
            let state = try #require(event["state"] as? [String: Any])
            let text = try #require(event["stateText"] as? String)
            #expect(JSONText.object(text)?["n"] as? Int == state["n"] as? Int, "\(index)")
            await hub.fromPage(#"{"type":"restore","session":\#(id),"index":\#(index)}"#)
            let restore = try #require(
                await hub.commands(key: key, timeout: .milliseconds(1))?.first.flatMap(JSONText.object))
            #expect(JSONText.text(try #require(restore["state"] as? [String: Any])) == text, "\(index)")
        }
        #expect(log.first.flatMap { $0["stateText"] as? String } == #"{"n":1}"#)
    }

    /// An app cannot put the members only the server writes into its events: a made-up
    /// `stateText` or `restoredSeq` is refused, never relayed as the server's.
    @Test func membersTheServerWritesAreRefusedFromApps() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let (_, key) = try await hub.opened(hello)
        let claims = MessageShape.serverMembers.map { name in
            String(Fixture.event(seq: 1).dropLast()) + #","\#(name)":"claimed"}"#
        }
        let refusals = try #require(await hub.receive(claims, key: key))
        #expect(refusals.map(\.line) == Array(claims.indices))
        for (refusal, name) in zip(refusals, MessageShape.serverMembers) {
            #expect(refusal.reason.contains("\(name): expected no \(name)"), "\(refusal.reason)")
        }
        await hub.receive([Fixture.event(seq: 2, kind: "restore")], key: key)
        let snapshot = try #require(JSONText.object(await hub.snapshot()))
        let log = try #require((snapshot["sessions"] as? [[String: Any]])?.first?["log"] as? [[String: Any]])
        #expect(log.count == 1 && log[0]["restoredSeq"] == nil)
    }
}

@Suite struct GraphvizLimitTests {
    /// At most `runLimit` runs at once over every session; further sessions wait their turn up
    /// to `queueLimit`, and past it a drawing is skipped with the reason.
    @Test(.timeLimit(.minutes(1))) func runsAreCappedServerWide() async throws {
        let graphviz = Graphviz(
            executable: try GraphvizTests().slowDot(), timeLimit: .seconds(30), runLimit: 2, queueLimit: 1)
        let first = Task { await graphviz.svg("digraph {}", session: 1) }
        let second = Task { await graphviz.svg("digraph {}", session: 2) }
        while await graphviz.runs < 2 { await Task.yield() }
        let third = Task { await graphviz.svg("digraph {}", session: 3) }
        while await graphviz.queued < 1 { await Task.yield() }
        #expect(await graphviz.svg("digraph {}", session: 4) == .failure(.busy(runs: 2, waiting: 1)))
        #expect(await graphviz.runs == 2)
        // Ending session 1's run hands its turn to session 3.
        await graphviz.stop(session: 1)
        #expect(await first.value != .success(""))
        while await graphviz.runs < 2 { await Task.yield() }
        let queued = await graphviz.queued
        let runs = await graphviz.runs
        #expect(queued == 0 && runs == 2)
        await graphviz.stopAll()
        let ends = [await second.value, await third.value]
        #expect(!ends.contains(.success("")))
        #expect(await graphviz.runs == 0)
    }

    /// The hub shows a skipped drawing's reason to pages.
    @Test(.timeLimit(.minutes(1))) func aSkippedDrawingSaysWhy() async throws {
        let graphviz = Graphviz(
            executable: try GraphvizTests().slowDot(), timeLimit: .seconds(30), runLimit: 1, queueLimit: 0)
        let hub = Hub(graphviz: graphviz)
        let graph = #""graph":{"routes":["a","b"],"edges":[{"from":"a","to":"b","event":"e","presentation":"push"}]}"#
        _ = try await hub.opened(#"{"type":"hello","app":"a","pid":1,\#(graph)}"#)
        while await graphviz.runs < 1 { await Task.yield() }
        let (_, stream) = await hub.addPage()
        var reader = PageReader(iterator: stream.makeAsyncIterator())
        _ = await reader.next("snapshot")
        _ = try await hub.opened(#"{"type":"hello","app":"b","pid":2,\#(graph)}"#)
        var note: String?
        while note == nil, let message = await reader.next("graph") {
            if message["session"] as? Int == 2 { note = message["note"] as? String }
        }
        #expect(note?.contains("1 Graphviz runs are under way") == true)
        await hub.stop()
    }
}

@Suite struct HubReceivingTests {
    /// An app whose large batch is still arriving is not taken for gone, however long it takes;
    /// once it has arrived, the idle limit counts from then.
    @Test func anAppWhoseBatchIsArrivingIsThere() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let idle = Hub.Limits().idleLimit
        let (id, key) = try await hub.opened(#"{"type":"hello","app":"t","pid":1}"#)
        #expect(await hub.beginReceiving(key: key))
        await hub.expireIdle(now: .now + idle * 10)
        #expect(await hub.session(key: key) == id)
        let arrived = ContinuousClock.now
        await hub.endReceiving(key: key)
        await hub.expireIdle(now: arrived + idle / 2)
        #expect(await hub.session(key: key) == id)
        await hub.expireIdle(now: .now + idle * 2)
        #expect(await hub.session(key: key) == nil)
        #expect(await !hub.beginReceiving(key: key))
    }
}
