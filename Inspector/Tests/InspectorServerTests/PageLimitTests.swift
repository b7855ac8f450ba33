import Foundation
import Testing

@testable import destinations_inspector

/// What pages may cost the server: how many, how much they wait for together, how long a
/// page may stall, and which drawings they get.
@Suite struct PageLimitTests {
    let hello = #"{"type":"hello","app":"t","pid":1}"#

    /// Past the page cap, a page gets an error that says why and is let go.
    @Test func pagesAreCapped() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(pages: 2))
        _ = await hub.addPage()
        _ = await hub.addPage()
        let (third, stream) = await hub.addPage()
        #expect(await hub.outbox(page: third) == nil)
        #expect(await hub.pageCount == 2)
        var reader = PageReader(iterator: stream.makeAsyncIterator())
        let error = try #require(await reader.next("error"))
        #expect((error["message"] as? String)?.contains("at most 2 pages") == true)
        #expect(await reader.next() == nil, "its stream ends")
    }

    /// A page whose writes stall past the bound is let go, its connection closed; a page that
    /// keeps up is kept.
    @Test func aStalledPageIsLetGo() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(pageStall: .seconds(10)))
        let (_, key) = try await hub.opened(hello)
        let (stalled, _) = await hub.addPage()
        let (reading, _) = await hub.addPage()
        let stalledBox = try #require(await hub.outbox(page: stalled))
        let readingBox = try #require(await hub.outbox(page: reading))
        let closed = Closed()
        stalledBox.onLetGo { closed.reason = $0 }
        let start = ContinuousClock.now
        await hub.receive([Fixture.event(seq: 1)], key: key, now: start)
        readingBox.wrote(readingBox.queued, now: start + .seconds(9))
        await hub.expireIdle(now: start + .seconds(11))
        #expect(await hub.outbox(page: stalled) == nil)
        #expect(closed.reason?.contains("stopped reading") == true)
        #expect(await hub.outbox(page: reading) != nil)
    }

    /// All pages together wait for at most the bound: the page furthest behind goes first,
    /// and a new page whose snapshot does not fit is told why.
    @Test func allPagesTogetherWaitForABoundedAmount() async throws {
        let hub = Hub(
            graphviz: Graphviz(executable: nil), limits: .init(pageBufferBytes: 100_000, pagesBytes: 150_000))
        let (_, key) = try await hub.opened(hello)
        let (behind, _) = await hub.addPage()
        let state = #"{"s":""# + String(repeating: "x", count: 20_000) + #""}"#
        for seq in 1...3 { await hub.receive([Fixture.event(seq: seq, state: state)], key: key) }
        let (other, _) = await hub.addPage()
        let otherBox = try #require(await hub.outbox(page: other))
        for seq in 4...6 {
            await hub.receive([Fixture.event(seq: seq, state: state)], key: key)
            otherBox.wrote(otherBox.queued)
        }
        #expect(await hub.outbox(page: behind) == nil, "the page furthest behind was let go")
        #expect(await hub.outbox(page: other) != nil)
        #expect(await hub.pagesQueued <= 150_000)
    }

    /// A drawing goes only to the pages that show that session's graph, once per change, in
    /// the drawing lane; the snapshot carries none.
    @Test(.timeLimit(.minutes(1))) func drawingsGoOnlyToPagesThatShowThem() async throws {
        let (dot, runs) = try Self.countingDot()
        let hub = Hub(graphviz: Graphviz(executable: dot))
        let (showing, _) = await hub.addPage()
        let (elsewhere, _) = await hub.addPage()
        let graph = #""graph":{"routes":["a","b"],"edges":[{"from":"a","to":"b","event":"e","presentation":"push"}]}"#
        let (session, key) = try await hub.opened(#"{"type":"hello","app":"t","pid":1,\#(graph)}"#)
        await hub.fromPage(#"{"type":"view","session":\#(session)}"#, page: showing)
        let showingBox = try #require(await hub.outbox(page: showing))
        let elsewhereBox = try #require(await hub.outbox(page: elsewhere))
        #expect(JSONText.object(await Self.nextDrawing(showingBox) ?? "")?["svg"] is String)
        #expect(elsewhereBox.takeDrawing() == nil)
        let snapshot = JSONText.object(await hub.snapshot())
        let sent = (snapshot?["sessions"] as? [[String: Any]])?.first?["graph"] as? [String: Any]
        #expect(sent?["svg"] is NSNull && sent?["drawn"] as? Bool == true)
        // The same graph again is not drawn again; a changed one is.
        await hub.receive([#"{"type":"graph",\#(graph)}"#], key: key)
        let changed = graph.replacingOccurrences(of: #""event":"e""#, with: #""event":"f""#)
        await hub.receive([#"{"type":"graph",\#(changed)}"#], key: key)
        #expect(JSONText.object(await Self.nextDrawing(showingBox) ?? "")?["svg"] is String)
        #expect(try String(contentsOfFile: runs, encoding: .utf8).split(separator: "\n").count == 2)
        // A page that starts showing the graph gets the drawing at once.
        await hub.fromPage(#"{"type":"view","session":\#(session)}"#, page: elsewhere)
        #expect(JSONText.object(elsewhereBox.takeDrawing() ?? "")?["svg"] is String)
    }

    /// The next drawing queued for a page.
    static func nextDrawing(_ outbox: PageOutbox) async -> String? {
        for await _ in outbox.drawingsQueued {
            if let drawing = outbox.takeDrawing() { return drawing }
        }
        return nil
    }

    /// A stand-in for `dot` that draws 30 KB and writes a line to a file for each run.
    static func countingDot() throws -> (dot: String, runs: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspector-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("dot").path
        let runs = folder.appendingPathComponent("runs").path
        try "#!/bin/sh\ncat > /dev/null\necho run >> '\(runs)'\nhead -c 30000 /dev/zero | tr '\\000' g\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return (path, runs)
    }

    /// A page's writer writes the messages waiting before any drawing, and a drawing only
    /// when none wait: events never wait behind drawings.
    @Test func eventsAreWrittenBeforeDrawings() {
        let (_, continuation) = AsyncStream<String>.makeStream()
        let outbox = PageOutbox(continuation: continuation, limit: 10_000)
        #expect(outbox.sendDrawing("drawing", session: 1))
        var waiting = ["event 1", "event 2"]
        #expect(outbox.nextFrame(&waiting) == "event 1\nevent 2")
        waiting = ["event 3"]
        #expect(outbox.nextFrame(&waiting) == "event 3")
        #expect(outbox.nextFrame(&waiting) == "drawing")
        #expect(outbox.nextFrame(&waiting) == nil)
    }

    /// A newer drawing of a session replaces one not yet written: a page gets one drawing
    /// per change, not a queue of stale ones.
    @Test func aNewerDrawingReplacesOneNotYetWritten() {
        let (_, continuation) = AsyncStream<String>.makeStream()
        let outbox = PageOutbox(continuation: continuation, limit: 1_000)
        #expect(outbox.sendDrawing("old", session: 1))
        #expect(outbox.sendDrawing("newer", session: 1))
        #expect(outbox.queued == 5)
        #expect(outbox.takeDrawing() == "newer")
        #expect(outbox.takeDrawing() == nil)
    }
}

/// A reason a page was closed with, set from any thread.
final class Closed: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var reason: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
