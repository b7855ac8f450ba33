import DestinationsInspector
import Foundation
import Testing

@testable import destinations_inspector

/// Messages as apps and pages write them, for tests.
enum Fixture {
    static func event(seq: Int, state: String = "{}", id: String = "1", kind: String = "event") -> String {
        #"{"type":"event","seq":\#(seq),"t":0,"skipped":0,"cause":{"kind":"\#(kind)","summary":"go","description":"event go"},"#
            + #""changes":{"added":[],"removed":[],"touched":[],"removedIDs":[]},"tree":{"id":\#(id),"kind":"screen","label":"home","name":"home"},"#
            + #""focused":1,"visible":[1],"rendered":"home","url":null,"state":\#(state)}"#
    }

    static func resuming(_ hello: String, key: String) -> String {
        String(hello.dropLast()) + #","resume":"\#(key)"}"#
    }
}

extension Hub {
    /// Opens a session that must be accepted.
    func opened(_ hello: String) async throws -> (Int, String) {
        let opened = try await open(hello: Substring(hello)).get()
        return (opened.id, opened.key)
    }
}

/// Reads a page's stream, message by message: a frame holds one message a line.
struct PageReader {
    var iterator: AsyncStream<String>.Iterator
    var lines: [Substring] = []

    init(iterator: AsyncStream<String>.Iterator) { self.iterator = iterator }

    mutating func next() async -> [String: Any]? {
        while lines.isEmpty {
            guard let text = await iterator.next() else { return nil }
            lines = text.split(separator: "\n")
        }
        return JSONText.object(String(lines.removeFirst()))
    }

    /// The next message of a type, skipping others.
    mutating func next(_ type: String) async -> [String: Any]? {
        while let message = await next() {
            if message["type"] as? String == type { return message }
        }
        return nil
    }
}

@Suite struct HostileInputTests {
    let hello = #"{"type":"hello","app":"t","pid":1}"#

    /// Any index a page sends is checked before any arithmetic: `Int.min` is an error, not a
    /// crash, even after the log let its oldest events go.
    @Test func extremeIndicesAreRefusedWithAReason() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(logEvents: 5))
        let (id, key) = try await hub.opened(hello)
        await hub.receive((0..<8).map { Fixture.event(seq: $0) }, key: key)
        let (page, stream) = await hub.addPage()
        var reader = PageReader(iterator: stream.makeAsyncIterator())
        _ = await reader.next("snapshot")
        for index in ["\(Int.min)", "\(Int.max)", "-1", "2", "1e300", "\"3\"", "null", "99999999999999999999999"] {
            await hub.fromPage(#"{"type":"restore","session":\#(id),"index":\#(index)}"#, page: page)
            let error = try #require(await reader.next("error"))
            #expect((error["message"] as? String)?.isEmpty == false, "\(index)")
        }
        #expect(await hub.commands(key: key, timeout: .milliseconds(1))?.isEmpty == true)
    }

    /// A line that starts with a byte-order mark is taken without it, and what pages get is
    /// JSON the hub wrote, which a browser parses.
    @Test func aByteOrderMarkNeverReachesAPage() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let (_, key) = try await hub.opened(hello)
        #expect(await hub.receive(["\u{FEFF}" + Fixture.event(seq: 1)], key: key) == [])
        let snapshot = await hub.snapshot()
        #expect(!snapshot.contains("\u{FEFF}"))
        let parsed = try #require(JSONText.object(snapshot))
        let log = try #require((parsed["sessions"] as? [[String: Any]])?.first?["log"] as? [[String: Any]])
        #expect(log.count == 1 && log[0]["seq"] as? Int == 1 && log[0]["stateText"] as? String == "{}")
    }

    /// A message that does not have the shape of its type is refused, with a reason that
    /// names what is wrong, and pages are told instead of getting it.
    @Test func malformedMessagesAreRefusedWithAReason() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let (id, key) = try await hub.opened(hello)
        let (_, stream) = await hub.addPage()
        var reader = PageReader(iterator: stream.makeAsyncIterator())
        _ = await reader.next("snapshot")
        let cases: [(String, String)] = [
            (#"{"type":"event"}"#, "seq"),
            (Fixture.event(seq: 1, id: #""x\"]""#), "tree.id"),
            (Fixture.event(seq: 1, state: "[1]"), "state"),
            (#"{"type":"nonsense"}"#, "type"),
            ("not json", "not JSON"),
            ("[1,2]", "not a JSON object"),
            (#"{"type":"result"}"#, "ok"),
        ]
        let refusals = try #require(await hub.receive(cases.map(\.0), key: key))
        #expect(refusals.map(\.line) == Array(cases.indices))
        for (refusal, (_, expected)) in zip(refusals, cases) {
            #expect(refusal.reason.contains(expected), "\(refusal.reason)")
            let told = try #require(await reader.next("refused"))
            #expect(told["session"] as? Int == id && told["reason"] as? String == refusal.reason)
        }
        #expect(await hub.receive([Fixture.event(seq: 2)], key: key) == [])
        #expect(try #require(await reader.next("event"))["index"] as? Int == 0)
    }

    /// An event over the wire's limit, and a state nested 600 levels, are refused and say why;
    /// the session's bytes are capped, its oldest events let go and counted.
    @Test func sizeAndDepthHaveLimits() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(sessionBytes: 8_000))
        let (_, key) = try await hub.opened(hello)
        let big = Fixture.event(
            seq: 1, state: #"{"s":""# + String(repeating: "x", count: InspectorWire.messageBytes) + #""}"#)
        let deep = Fixture.event(
            seq: 2, state: String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600))
        let refusals = try #require(await hub.receive([big, deep], key: key))
        #expect(refusals.count == 2)
        #expect(refusals.first?.reason.contains("more than the \(InspectorWire.messageBytes)") == true)
        #expect(refusals.last?.reason.contains("nested deeper than") == true)
        await hub.receive((0..<40).map { Fixture.event(seq: $0) }, key: key)
        let snapshot = try #require(JSONText.object(await hub.snapshot()))
        let session = try #require((snapshot["sessions"] as? [[String: Any]])?.first)
        let kept = (session["log"] as? [Any])?.count ?? 0
        #expect(kept < 40 && kept > 0 && session["first"] as? Int == 40 - kept)
        #expect(session["refusedCount"] as? Int == 2)
    }

    /// An app's batch reaches each page in one frame, its messages in order, one a line (a
    /// refusal among them in its place); a batch past the frame size goes in several frames,
    /// none much larger than that size.
    @Test func aBatchReachesPagesInOneFrameInOrder() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let (_, key) = try await hub.opened(hello)
        let (_, stream) = await hub.addPage()
        var frames = stream.makeAsyncIterator()
        _ = await frames.next()  // the snapshot
        await hub.receive([Fixture.event(seq: 1), "not json", Fixture.event(seq: 2), Fixture.event(seq: 3)], key: key)
        let frame = try #require(await frames.next())
        let messages = frame.split(separator: "\n").compactMap { JSONText.object(String($0)) }
        #expect(messages.map { $0["type"] as? String } == ["event", "refused", "event", "event"])
        #expect(messages.compactMap { ($0["event"] as? [String: Any])?["seq"] as? Int } == [1, 2, 3])

        let state = #"{"s":""# + String(repeating: "x", count: 200_000) + #""}"#
        let big = (1...12).map { Fixture.event(seq: $0, state: state) }
        #expect(await hub.receive(big, key: key) == [])
        var seqs: [Int] = []
        var sizes: [Int] = []
        while seqs.count < big.count, let frame = await frames.next() {
            sizes.append(frame.utf8.count)
            seqs += frame.split(separator: "\n").compactMap {
                (JSONText.object(String($0))?["event"] as? [String: Any])?["seq"] as? Int
            }
        }
        #expect(seqs == Array(1...12))
        #expect(sizes.count > 1 && sizes.allSatisfy { $0 < Hub.batchFrameBytes + 2 * 420_000 }, "\(sizes)")
    }

    /// A page that never reads is let go once its buffer passes the limit.
    @Test func aPageThatDoesNotReadIsLetGo() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(pageBufferBytes: 20_000))
        let (_, key) = try await hub.opened(hello)
        let (page, stream) = await hub.addPage()
        let outbox = try #require(await hub.outbox(page: page))
        for seq in 0..<100 { await hub.receive([Fixture.event(seq: seq)], key: key) }
        #expect(outbox.fellBehind)
        #expect(await hub.outbox(page: page) == nil)
        var count = 0
        for await _ in stream { count += 1 }
        #expect(count > 1 && count < 101)
    }

    /// A restore's event is named after the state it restored; an open goes to the app.
    @Test func restoresAreNamedAndURLsGoToTheApp() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let (id, key) = try await hub.opened(hello)
        await hub.receive([Fixture.event(seq: 7, state: #"{"n":7}"#), Fixture.event(seq: 8)], key: key)
        await hub.fromPage(#"{"type":"restore","session":\#(id),"index":0}"#)
        let restore = try #require(await hub.commands(key: key)?.first.flatMap(JSONText.object))
        #expect(restore["type"] as? String == "restore")
        await hub.receive([Fixture.event(seq: 9, kind: "restore")], key: key)
        let snapshot = try #require(JSONText.object(await hub.snapshot()))
        let log = try #require((snapshot["sessions"] as? [[String: Any]])?.first?["log"] as? [[String: Any]])
        #expect(log.last?["restoredSeq"] as? Int == 7)

        await hub.fromPage(#"{"type":"open","session":\#(id),"url":"notes://note/3"}"#)
        let open = try #require(await hub.commands(key: key)?.first.flatMap(JSONText.object))
        #expect(open["type"] as? String == "open" && open["url"] as? String == "notes://note/3")
        await hub.fromPage(#"{"type":"open","session":\#(id),"url":"a\u0000b"}"#)
        #expect(await hub.commands(key: key, timeout: .milliseconds(1))?.isEmpty == true)
    }

    /// The hub's page and app message handling, fed random and mutated messages: it never
    /// traps, answers every page message, and what it hands pages always parses. A fixed seed
    /// and count run here; `INSPECTOR_FUZZ_COUNT` runs more.
    @Test func fuzzedMessagesNeverBreakTheHub() async throws {
        let count = ProcessInfo.processInfo.environment["INSPECTOR_FUZZ_COUNT"].flatMap(Int.init) ?? 3_000
        var random = SeededRandom(seed: 0x5EED_1A5B)
        let hub = Hub(graphviz: Graphviz(executable: nil), limits: .init(messageBytes: 64 << 10, logEvents: 50))
        let (id, key) = try await hub.opened(hello)
        let (page, stream) = await hub.addPage()
        var reader = PageReader(iterator: stream.makeAsyncIterator())
        _ = await reader.next("snapshot")
        let seeds = [
            Fixture.event(seq: 1), hello, #"{"type":"result","request":1,"ok":true}"#,
            #"{"type":"graph","graph":{"routes":["a"],"edges":[{"from":"a","to":"b","event":"e","presentation":"push"}]}}"#,
            #"{"type":"restore","session":1,"index":0}"#, #"{"type":"open","session":1,"url":"x://y"}"#,
            #"{"type":"ping"}"#,
        ]
        var appInputs = 0
        var appRefused = 0
        var pageInputs = 0
        for _ in 0..<count {
            let text = random.mutate(seeds[random.next(below: seeds.count)])
            if random.next(below: 2) == 0 {
                appInputs += 1
                appRefused += await hub.receive([text], key: key)?.count ?? 0
            } else {
                pageInputs += 1
                await hub.fromPage(text, page: page)
            }
            _ = await hub.commands(key: key, timeout: .zero)
        }
        let snapshot = try #require(JSONText.object(await hub.snapshot()))
        // Every refusal the app was told of is counted, and mutations both pass and fail.
        #expect((snapshot["sessions"] as? [[String: Any]])?.first?["refusedCount"] as? Int == appRefused)
        #expect(appRefused > 0 && appRefused < appInputs)
        #expect(await hub.session(key: key) == id)
        await hub.removePage(page)
        // Every page message is answered once: a pong, an error, or the request it made.
        var answers = 0
        var messages = 0
        while let text = await reader.iterator.next() {
            let message = JSONText.object(text)
            #expect(message != nil, "\(text.prefix(200))")
            if ["pong", "error", "restoring", "opening"].contains(message?["type"] as? String ?? "") { answers += 1 }
            messages += 1
        }
        #expect(answers == pageInputs && pageInputs > 0)
        print("fuzz: \(appInputs + pageInputs) hub inputs ran (seed 0x5EED1A5B), \(messages) page messages parsed")
    }
}

/// A small deterministic generator (SplitMix64) and mutations of JSON texts.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    static let fragments = [
        "\(Int.min)", "\(Int.max)", "-1", "1e309", "null", "true", "\"\"", "{}", "[]", "\u{FEFF}", "\"\\u0000\"",
        "\"]\"",
        String(repeating: "[", count: 300), "\"\(String(repeating: "x", count: 70_000))\"", "9007199254740993",
        "\"type\"", ",", ":",
        #"{"type":"event"}"#, #""seq":-5"#, #""session":1"#, #""index":"#, "\u{D7FF}\u{10FFFF}", "\\",
    ]

    /// A text changed in one to three places: a fragment put in, a span cut out, or a byte
    /// flipped.
    mutating func mutate(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<(1 + next(below: 3)) {
            let at = next(below: scalars.count + 1)
            switch next(below: 3) {
            case 0: scalars.insert(contentsOf: Self.fragments[next(below: Self.fragments.count)].unicodeScalars, at: at)
            case 1: scalars.removeSubrange(at..<min(scalars.count, at + next(below: 8)))
            default:
                if at < scalars.count, let flipped = Unicode.Scalar(scalars[at].value ^ UInt32(1 << next(below: 7))) {
                    scalars[at] = flipped
                }
            }
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }
}
