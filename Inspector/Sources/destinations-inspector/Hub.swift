import DestinationsInspector
import Foundation

/// The relay between apps and pages. Apps post messages; the hub checks each one's shape,
/// writes it again as its own JSON, keeps it within its limits and relays it to pages over a
/// WebSocket. Pages ask for restores and for URLs to open, which the hub turns into requests
/// for the app, a restore carrying the state from the hub's own log.
actor Hub {
    /// What the hub keeps and how long it waits.
    struct Limits: Sendable {
        /// The largest message an app may send (an event with its state): the wire's one limit,
        /// which the client checks too and the app's socket takes as its frame limit.
        var messageBytes = InspectorWire.messageBytes
        /// The largest hello, graph included.
        var helloBytes = 512 << 10
        /// The most events a session keeps; older ones are let go.
        var logEvents = 10_000
        /// The most bytes of events a session keeps; older ones are let go.
        var sessionBytes = 32 << 20
        /// The most bytes waiting for a page that does not read; past it, the page's socket is
        /// closed and the page connects again for a fresh snapshot.
        var pageBufferBytes = 32 << 20
        /// The most pages connected at once; a further page is told why and closed.
        var pages = 16
        /// The most bytes waiting for all pages together: past it, the pages furthest behind
        /// are let go first, and a page whose snapshot does not fit is told why and closed.
        var pagesBytes = 128 << 20
        /// How long bytes may wait for a page with nothing written in between: a page whose
        /// writes stall past it (a frozen tab, a stopped process) is let go.
        var pageStall: Duration = .seconds(10)
        /// How many sessions whose app went away are kept.
        var disconnectedSessions = 8
        /// The most connected sessions the server holds at once; a hello past it is refused
        /// with the reason, and pages are told.
        var connectedSessions = 64
        /// The most bytes of a snapshot, the first message a page gets: the newest events of
        /// each session that fit, the older ones left out and counted (the server still holds
        /// them). Never more than half the page buffer, so that a snapshot always fits in it.
        var snapshotBytes = 16 << 20
        /// How many of a session's refused messages pages get a row for; past it, pages get a
        /// count of the refusals they were not shown, one message a batch.
        var refusalRows = 100
        /// How long an app's command poll waits: a live app renews it at once, so it doubles
        /// as the app's heartbeat.
        var pollTimeout: Duration = .milliseconds(1500)
        /// How long an app may go without a poll waiting and without a message before its
        /// session is marked disconnected (it crashed or was killed). An app on a socket, whose
        /// command loop always waits, must send a message (a heartbeat, every second) within it.
        var idleLimit: Duration = .milliseconds(2500)
        /// How often idle apps are looked for.
        var sweepInterval: Duration = .milliseconds(500)
        /// The longest URL a page may ask an app to open.
        var urlBytes = 8 << 10
    }

    let limits: Limits
    /// This run of the server: pages keep what an earlier run showed them apart from this one's
    /// sessions, whose numbers start again at 1.
    let run = Hub.randomKey(bytes: 8)
    private var sweeper: Task<Void, Never>?
    private var sessions: [Int: AppSession] = [:]
    /// The current connections' keys, and their sessions.
    private var keys: [String: Int] = [:]
    private var nextSession = 1
    private var nextRequest = 1
    private var nextPoller = 1
    private var pages: [Int: PageOutbox] = [:]
    /// The session whose graph each page shows, as it said (`view`): drawings go only there.
    private var views: [Int: Int] = [:]
    /// What one batch of an app's messages has for pages so far, while ``receive(_:key:now:)``
    /// takes it: pages get the whole batch in one frame, one message a line, so a burst costs
    /// the page one socket message a batch instead of one an event.
    private var held: [String]?
    private var heldBytes = 0
    /// How many bytes of a batch are held before they go to pages: a larger batch goes in several
    /// frames, each at most this much and one more message.
    static let batchFrameBytes = 1 << 20
    private var nextPage = 1
    /// The keys of the last connections ended for going quiet.
    private var quiet: Set<String> = []
    private let graphviz: Graphviz

    init(graphviz: Graphviz = Graphviz(), limits: Limits = Limits()) {
        self.graphviz = graphviz
        self.limits = limits
    }

    /// A message refused, and why.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        /// The message's place in its batch, from 0.
        let line: Int
        let reason: String
        /// Whether the same message may pass later: a hello refused because the server is
        /// full. The app dials again with backoff.
        var retry = false
        var description: String { reason }
    }

    /// How many hellos were refused because the server was full: pages hear of the first
    /// ``refusedHelloRows``, then only when the count doubles, so a flood of hellos costs
    /// pages a few rows.
    private(set) var refusedHellos = 0
    /// How many refused hellos pages get a row for each.
    static let refusedHelloRows = 20

    // MARK: Apps

    /// Opens a session with an app's hello and returns its new connection key. A hello that
    /// carries the key of an earlier connection (`resume`) continues that connection's
    /// session, whose older key and poll end; any other hello opens a new session. The key is
    /// known only to the connection it was given to, so no one else can take a session over.
    ///
    /// A hello over a socket (`socket`) opens a session whose app must send a message (a
    /// heartbeat) within the idle limit: its command loop always waits, so a waiting poll says
    /// nothing about whether the app is there. A hello that would open more than
    /// ``Limits/connectedSessions`` connected sessions is refused, and pages are told.
    func open(hello text: Substring, socket: Bool = false) async -> Result<(id: Int, key: String), Refusal> {
        let hello: [String: Any]
        switch JSONText.object(text, limit: limits.helloBytes) {
        case .success(let object): hello = object
        case .failure(let failure): return .failure(Refusal(line: 0, reason: "hello: \(failure)"))
        }
        do {
            try MessageShape.checkHello(hello)
        } catch {
            return .failure(Refusal(line: 0, reason: "hello: \(error)"))
        }
        let resume = hello["resume"] as? String
        var relayed = hello
        relayed["resume"] = nil
        relayed["graph"] = (hello["graph"] as? [String: Any]).map { graph in
            graph.filter { $0.key != "dot" && $0.key != "mermaid" }
        }
        let key = Self.randomKey()
        let id: Int
        let previous = resume.flatMap { resume in sessions.values.first { Self.same($0.key, resume) } }
        if previous == nil, sessions.values.count(where: \.connected) >= limits.connectedSessions {
            let reason =
                "hello: the inspector holds \(limits.connectedSessions) connected sessions, its limit; it is dialled again when one ends"
            refusedHellos += 1
            if refusedHellos <= Self.refusedHelloRows || refusedHellos & (refusedHellos - 1) == 0 {
                let app = JSONText.quoted(String((hello["app"] as? String ?? "an app").prefix(80)))
                broadcast([
                    "type": "error",
                    "message": refusedHellos <= Self.refusedHelloRows
                        ? "\(app) was refused: \(reason)"
                        : "\(refusedHellos) hellos refused so far (the latest \(app)): \(reason)",
                ])
            }
            return .failure(Refusal(line: 0, reason: reason, retry: true))
        }
        if let previous {
            id = previous.id
            var session = previous
            keys[session.key] = nil
            session.poller?.continuation.resume(returning: nil)
            session.poller = nil
            session.key = key
            session.hello = relayed
            session.connected = true
            session.socket = socket
            session.lastSeen = .now
            sessions[id] = session
        } else {
            id = nextSession
            nextSession += 1
            sessions[id] = AppSession(id: id, key: key, hello: relayed, socket: socket)
        }
        keys[key] = id
        broadcast(["type": "hello", "session": id, "hello": relayed])
        if let graph = hello["graph"] as? [String: Any] { draw(graph, session: id) }
        return .success((id, key))
    }

    /// Random bits in hex: 128 by default.
    static func randomKey(bytes: Int = 16) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Compares two keys without stopping at the first difference.
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a.utf8, b.utf8) { difference |= x ^ y }
        return difference == 0
    }

    /// The session of a current connection's key.
    func session(key: String) -> Int? { keys[key] }

    /// A batch of the connection's messages began to arrive; false when the key is not a
    /// current connection's. Until ``endReceiving(key:)``, the app counts as there.
    func beginReceiving(key: String) -> Bool {
        guard let id = keys[key], sessions[id] != nil else { return false }
        sessions[id]?.receiving += 1
        sessions[id]?.lastSeen = .now
        return true
    }

    /// The batch ``beginReceiving(key:)`` announced has arrived (or broke off).
    func endReceiving(key: String) {
        guard let id = keys[key], let receiving = sessions[id]?.receiving else { return }
        sessions[id]?.receiving = max(0, receiving - 1)
        sessions[id]?.lastSeen = .now
    }

    /// Whether the connection of `key` has a poll waiting.
    func isPolling(key: String) -> Bool { keys[key].flatMap { sessions[$0]?.poller } != nil }

    /// Takes a batch of an app's messages, in order; nil when the key is not a current
    /// connection's, else the messages refused, each with its reason (pages are told too).
    /// The app counts as seen at `now`.
    @discardableResult
    func receive(_ lines: [Substring], key: String, now: ContinuousClock.Instant = .now) -> [Refusal]? {
        guard let id = keys[key], sessions[id] != nil else { return nil }
        sessions[id]?.connected = true
        sessions[id]?.lastSeen = now
        var refusals: [Refusal] = []
        var unshown = 0
        held = []
        heldBytes = 0
        for (number, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            do throws(Refusal) {
                try receive(line, number: number, session: id)
            } catch {
                refusals.append(error)
                let count = (sessions[id]?.refused ?? 0) + 1
                sessions[id]?.refused = count
                // The first refusals get a row each; past the limit, pages get one count a
                // batch, so that an app sending garbage cannot fill a page with rows.
                if count > limits.refusalRows {
                    unshown += 1
                } else {
                    broadcast([
                        "type": "refused", "session": id, "reason": error.reason,
                        "bytes": line.utf8.count, "refusedCount": count,
                    ])
                }
            }
        }
        if unshown > 0 {
            broadcast([
                "type": "refused", "session": id, "unshown": unshown, "rowLimit": limits.refusalRows,
                "refusedCount": sessions[id]?.refused ?? 0,
            ])
        }
        sendHeld()
        held = nil
        return refusals
    }

    /// Convenience for tests and the socket: whole lines.
    @discardableResult
    func receive(_ lines: [String], key: String, now: ContinuousClock.Instant = .now) -> [Refusal]? {
        receive(lines.map { Substring($0) }, key: key, now: now)
    }

    private func receive(_ line: Substring, number: Int, session id: Int) throws(Refusal) {
        let object: [String: Any]
        switch JSONText.object(line, limit: limits.messageBytes) {
        case .success(let parsed): object = parsed
        case .failure(let failure): throw Refusal(line: number, reason: "message: \(failure)")
        }
        let type = object["type"] as? String ?? "(none)"
        do {
            switch type {
            case "event":
                try MessageShape.checkEvent(object)
                append(object, session: id)
            case "result":
                try MessageShape.checkResult(object)
                broadcast(["type": "result", "session": id, "result": object])
            case "graph":
                let graph = object["graph"] ?? NSNull()
                try MessageShape.checkGraph(graph, "graph")
                if let graph = graph as? [String: Any] { draw(graph, session: id) }
            case "waiting":
                var waiting = try MessageShape.checkWaiting(object)
                // Pages that open later get it in their snapshot while it lasts.
                sessions[id]?.waiting = (waiting["items"] as? [Any])?.isEmpty == false ? waiting : nil
                waiting["type"] = "waiting"
                waiting["session"] = id
                broadcast(waiting)
            case "heartbeat":
                // The app is there: `receive` noted when it was last seen.
                break
            default:
                throw MessageShape.Mismatch(
                    path: "type", expected: "event, result, graph, waiting or heartbeat (got \(type.prefix(40)))")
            }
        } catch {
            throw Refusal(line: number, reason: "\(type.prefix(40)): \(error)")
        }
    }

    private func append(_ event: [String: Any], session id: Int) {
        guard var session = sessions[id] else { return }
        var event = event
        // The state as text the hub writes from what it parsed, the very state a restore
        // sends back: a page parses numbers as doubles, which round integers above 2^53, so
        // "copy as test" embeds this text. An app cannot supply it (``MessageShape`` refuses
        // the members the hub writes).
        if let state = event["state"] as? [String: Any] {
            event["stateText"] = JSONText.text(state)
        }
        // A restore the page asked for: its row names the state it restored.
        if (event["cause"] as? [String: Any])?["kind"] as? String == "restore", !session.restoring.isEmpty {
            event["restoredSeq"] = session.restoring.removeFirst()
        }
        let text = JSONText.text(event)
        let index = session.trimmed + session.log.count
        session.log.append(text)
        session.logBytes += text.utf8.count
        var letGo = 0
        while session.log.count > 1, session.log.count > limits.logEvents || session.logBytes > limits.sessionBytes {
            session.logBytes -= session.log.removeFirst().utf8.count
            session.trimmed += 1
            letGo += 1
        }
        sessions[id] = session
        let relayT = Int(Date().timeIntervalSince1970 * 1000)
        var message: [String: String] = [
            "type": #""event""#, "session": "\(id)", "index": "\(index)", "relayT": "\(relayT)",
            "first": "\(session.trimmed)", "event": text,
        ]
        if letGo > 0 { message["letGo"] = "\(letGo)" }
        broadcast(raw: Self.object(message))
    }

    /// Waits up to the poll timeout for the inspector's requests to an app's connection: an
    /// empty list when none came, nil when the key is not the session's current one, or stops
    /// being it (a newer connection took over, or this one said bye). A session has one poll:
    /// a new one ends the one waiting with an empty list.
    func commands(key: String, timeout: Duration? = nil) async -> [String]? {
        guard let id = keys[key], var session = sessions[id] else { return nil }
        // A socket's command loop polls whether or not its app is there: only an HTTP poll
        // says the app is alive.
        if !session.socket { session.lastSeen = .now }
        if !session.commands.isEmpty {
            let commands = session.commands
            session.commands.removeAll()
            sessions[id] = session
            return commands
        }
        session.poller?.continuation.resume(returning: [])
        session.poller = nil
        sessions[id] = session
        let poller = nextPoller
        nextPoller += 1
        let timeout = timeout ?? limits.pollTimeout
        return await withCheckedContinuation { continuation in
            sessions[id]?.poller = (poller, continuation)
            Task {
                try? await Task.sleep(for: timeout)
                self.expirePoll(session: id, poller: poller)
            }
        }
    }

    private func expirePoll(session id: Int, poller: Int) {
        guard let waiting = sessions[id]?.poller, waiting.id == poller else { return }
        sessions[id]?.poller = nil
        if sessions[id]?.socket == false { sessions[id]?.lastSeen = .now }
        waiting.continuation.resume(returning: [])
    }

    /// Marks disconnected, as a bye would, every connected app that has sent nothing for
    /// longer than the idle limit at `now` and (over HTTP) has had no poll waiting. An app on a
    /// socket is judged by its messages alone: its command loop always waits.
    func expireIdle(now: ContinuousClock.Instant = .now) {
        let idle = sessions.values.filter { session in
            session.connected && session.receiving == 0 && (session.socket || session.poller == nil)
                && session.lastSeen.duration(to: now) > limits.idleLimit
        }
        // Pages first: what the byes below send them is not what they stalled on.
        for (id, page) in pages where page.stalled(at: now, after: limits.pageStall) {
            page.letGo("the page stopped reading for \(limits.pageStall)")
            pages[id] = nil
            views[id] = nil
        }
        for session in idle {
            quiet.insert(session.key)
            if quiet.count > 64, let any = quiet.first(where: { $0 != session.key }) { quiet.remove(any) }
            bye(key: session.key)
        }
    }

    /// Whether the connection of `key` was ended for sending nothing within the idle limit
    /// (its socket is then closed with that reason).
    func endedQuiet(key: String) -> Bool { quiet.contains(key) }

    /// Looks for idle apps every ``Limits/sweepInterval`` until ``stop()``, on the wall clock:
    /// the server starts it once. A hub nobody started it on judges apps idle only when
    /// ``expireIdle(now:)`` is called, at the time its caller names, so that the time between
    /// two steps of a caller (a test on a busy machine) never ends a session by itself.
    func startSweeping() {
        guard sweeper == nil else { return }
        let interval = limits.sweepInterval
        sweeper = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                await self.expireIdle()
            }
        }
    }

    /// Ends a connection; its session stays for pages, disconnected, unless a newer connection
    /// already took it over. Only the last few disconnected sessions are kept.
    func bye(key: String) {
        guard let id = keys.removeValue(forKey: key), sessions[id] != nil else { return }
        sessions[id]?.connected = false
        sessions[id]?.poller?.continuation.resume(returning: nil)
        sessions[id]?.poller = nil
        sessions[id]?.commands.removeAll()
        broadcast(["type": "bye", "session": id])
        let gone = sessions.values.filter { !$0.connected }.map(\.id).sorted()
        for old in gone.dropLast(limits.disconnectedSessions) {
            sessions[old] = nil
            Task { await graphviz.stop(session: old) }
            broadcast(["type": "forget", "session": old])
        }
    }

    private func deliver(_ command: [String: Any], session id: Int) {
        let text = JSONText.text(command)
        if let poller = sessions[id]?.poller {
            // The poll belongs to the session's current connection: a request never goes to a
            // connection that was superseded or ended.
            sessions[id]?.poller = nil
            if sessions[id]?.socket == false { sessions[id]?.lastSeen = .now }
            poller.continuation.resume(returning: [text])
        } else {
            sessions[id]?.commands.append(text)
        }
    }

    // MARK: Pages

    /// Registers a page; it gets a snapshot of every session first. Past ``Limits/pages``
    /// pages, or when its snapshot does not fit in ``Limits/pagesBytes`` with what the other
    /// pages wait for, it gets an error that says why and is let go.
    func addPage() -> (Int, AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let id = nextPage
        nextPage += 1
        let outbox = PageOutbox(continuation: continuation, limit: limits.pageBufferBytes)
        let snapshot = snapshot()
        let reason: String? =
            if pages.count >= limits.pages {
                "the inspector serves at most \(limits.pages) pages; close one and reload"
            } else if pagesQueued + snapshot.utf8.count > limits.pagesBytes {
                "the inspector's pages wait for \(pagesQueued) bytes, near its limit of \(limits.pagesBytes); reload later"
            } else { nil }
        if let reason {
            _ = outbox.send(JSONText.text(["type": "error", "message": reason, "fatal": true]))
            outbox.letGo(reason)
            return (id, stream)
        }
        pages[id] = outbox
        // The snapshot is bounded to half the page's buffer: it always fits, and a large
        // session never makes a page connect again and again.
        if !outbox.send(snapshot) { pages[id] = nil }
        return (id, stream)
    }

    /// Bytes waiting for all pages together.
    var pagesQueued: Int { pages.values.reduce(0) { $0 + $1.queued } }

    /// How many pages are connected.
    var pageCount: Int { pages.count }

    /// The page's outbox, for its writer to count what it wrote.
    func outbox(page id: Int) -> PageOutbox? { pages[id] }

    func removePage(_ id: Int) {
        pages[id]?.finish()
        pages[id] = nil
        views[id] = nil
    }

    private func broadcast(_ message: [String: Any]) {
        broadcast(raw: JSONText.text(message))
    }

    /// Sends text the hub wrote to every page, or holds it with the batch being received.
    private func broadcast(raw text: String) {
        guard held != nil else { return sendToPages(text) }
        held?.append(text)
        heldBytes += text.utf8.count
        if heldBytes >= Self.batchFrameBytes { sendHeld() }
    }

    /// Sends what the batch being received holds so far, in one frame, and holds on.
    private func sendHeld() {
        guard let batch = held, !batch.isEmpty else { return }
        held = []
        heldBytes = 0
        sendToPages(batch.joined(separator: "\n"))
    }

    /// Sends a frame to every page; a page past its buffer is let go, and so are the pages
    /// furthest behind while all pages together would wait for more than
    /// ``Limits/pagesBytes``.
    private func sendToPages(_ text: String) {
        let bytes = text.utf8.count
        var total = pagesQueued + bytes * pages.count
        while total > limits.pagesBytes, let (id, page) = pages.max(by: { $0.value.queued < $1.value.queued }),
            page.queued > 0
        {
            total -= page.queued + bytes
            page.letGo("the page fell behind: the inspector's pages wait for more than \(limits.pagesBytes) bytes")
            pages[id] = nil
            views[id] = nil
        }
        let behind = pages.filter { !$0.value.send(text) }.keys
        for id in behind {
            pages[id] = nil
            views[id] = nil
        }
    }

    private func send(_ message: [String: Any], page id: Int) {
        if let page = pages[id], !page.send(JSONText.text(message)) {
            pages[id] = nil
            views[id] = nil
        }
    }

    /// Sends a session's drawing to the pages that show its graph, in their drawing lane.
    private func sendDrawing(session id: Int, to viewers: [Int]? = nil) {
        guard let entry = sessions[id]?.graph, entry["svg"] is String else { return }
        let text = JSONText.text(["type": "graph", "session": id].merging(entry) { a, _ in a })
        for page in viewers ?? views.filter({ $0.value == id }).map(\.key) {
            if let outbox = pages[page], !outbox.sendDrawing(text, session: id) {
                pages[page] = nil
                views[page] = nil
            }
        }
    }

    /// A JSON object from members already written as JSON by the hub.
    private static func object(_ members: [String: String]) -> String {
        "{" + members.sorted { $0.key < $1.key }.map { "\(JSONText.quoted($0.key)):\($0.value)" }.joined(separator: ",")
            + "}"
    }

    /// The most bytes a snapshot has: ``Limits/snapshotBytes``, and never more than half the
    /// page buffer.
    var snapshotLimit: Int { max(0, min(limits.snapshotBytes, limits.pageBufferBytes / 2)) }

    /// Every session, from texts the hub wrote, within ``snapshotLimit`` bytes: each session's
    /// hello and graph, then the newest events that fit, the newest sessions first. What is
    /// left out is counted: `notSent` events (the server still holds them, and restores them),
    /// and a drawing (`graph.note`) when even it does not fit.
    func snapshot() -> String {
        let ordered = sessions.values.sorted { $0.id < $1.id }
        let header: [String: String] = [
            "type": #""snapshot""#, "protocol": "1", "run": JSONText.quoted(run),
            "limits": JSONText.text([
                "messageBytes": limits.messageBytes, "logEvents": limits.logEvents, "sessionBytes": limits.sessionBytes,
                "snapshotBytes": snapshotLimit, "refusalRows": limits.refusalRows,
            ]),
        ]
        // What every session needs besides its events: its hello and its graph (without the
        // drawing when the drawings do not fit).
        var budget = snapshotLimit - Self.object(header.merging(["sessions": "[]"]) { a, _ in a }).utf8.count
        var heads: [Int: [String: String]] = [:]
        for session in ordered {
            // Drawings are never in a snapshot: a page asks for the one it shows (`view`).
            let graph = session.graph.map { graph in
                var graph = graph
                if graph["svg"] is String {
                    graph["svg"] = NSNull()
                    graph["drawn"] = true
                }
                return graph
            }
            heads[session.id] = [
                "session": "\(session.id)", "connected": "\(session.connected)", "hello": JSONText.text(session.hello),
                "refusedCount": "\(session.refused)", "graph": graph.map(JSONText.text) ?? "null",
                "waiting": session.waiting.map(JSONText.text) ?? "null",
            ]
        }
        func size(_ head: [String: String]) -> Int {
            // The members, the log's brackets, `first` and `notSent`, and a comma.
            head.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 } + 64
        }
        var headBytes = heads.values.reduce(0) { $0 + size($1) }
        // Too large (many sessions with large graphs): their graphs' names go as well.
        for session in ordered.reversed() where headBytes > budget {
            guard var head = heads[session.id], session.graph != nil || session.hello["graph"] != nil else { continue }
            var hello = session.hello
            hello["graph"] = nil
            let before = size(head)
            head["hello"] = JSONText.text(hello)
            head["graph"] = JSONText.text([
                "note": "the graph was not sent: the page's snapshot is capped at \(snapshotLimit) bytes"
            ])
            heads[session.id] = head
            headBytes += size(head) - before
        }
        budget -= headBytes
        // The newest sessions' newest events first.
        var kept: [Int: Int] = [:]
        for session in ordered.reversed() {
            var count = 0
            for event in session.log.reversed() {
                let bytes = event.utf8.count + 1
                guard bytes <= budget else { break }
                budget -= bytes
                count += 1
            }
            kept[session.id] = count
        }
        let entries = ordered.map { session in
            let count = kept[session.id] ?? 0
            let notSent = session.log.count - count
            var members = heads[session.id] ?? [:]
            members["first"] = "\(session.trimmed + notSent)"
            members["notSent"] = "\(notSent)"
            members["log"] = "[" + session.log.suffix(count).joined(separator: ",") + "]"
            return Self.object(members)
        }
        return Self.object(header.merging(["sessions": "[" + entries.joined(separator: ",") + "]"]) { a, _ in a })
    }

    /// A page's message: `{"type":"restore","session":N,"index":I}` (the page never sends a
    /// state: the hub takes it from its own log), `{"type":"open","session":N,"url":U}`,
    /// `{"type":"view","session":N}` (the page shows that session's graph, or none with
    /// `null`: drawings go only to pages that show them), or `{"type":"ping"}`. Anything else is answered, to that page only, with an error that
    /// says why.
    func fromPage(_ text: String, page: Int = 0) {
        do throws(MessageShape.Mismatch) {
            guard case .success(let object) = JSONText.object(Substring(text), limit: 64 << 10) else {
                throw MessageShape.Mismatch(path: "", expected: "a JSON object of at most 64 KiB")
            }
            switch object["type"] as? String {
            case "ping":
                send(["type": "pong", "id": (try? MessageShape.integer(object["id"], "id")) ?? 0], page: page)
            case "restore":
                let id = try MessageShape.integer(object["session"], "session", range: 0...Int(Int32.max))
                let index = try MessageShape.integer(object["index"], "index", range: 0...MessageShape.safeInteger)
                restore(session: id, index: index, page: page)
            case "open":
                let id = try MessageShape.integer(object["session"], "session", range: 0...Int(Int32.max))
                let url = try MessageShape.string(object["url"], "url", max: limits.urlBytes)
                open(url: url, session: id, page: page)
            case "view":
                guard pages[page] != nil else { return }
                if object["session"] is NSNull || object["session"] == nil {
                    views[page] = nil
                } else {
                    let id = try MessageShape.integer(object["session"], "session", range: 0...Int(Int32.max))
                    guard views[page] != id else { return }
                    views[page] = id
                    sendDrawing(session: id, to: [page])
                }
            default:
                throw MessageShape.Mismatch(path: "type", expected: "restore, open, view or ping")
            }
        } catch {
            send(["type": "error", "message": "request refused: \(error)"], page: page)
        }
    }

    private func restore(session id: Int, index: Int, page: Int) {
        guard let session = sessions[id] else {
            return send(["type": "error", "message": "no session \(id)"], page: page)
        }
        guard session.connected else {
            return send(["type": "error", "session": id, "message": "the app is not connected"], page: page)
        }
        // Both numbers are checked first: no arithmetic on a page's numbers can overflow.
        guard index >= session.trimmed, index - session.trimmed < session.log.count,
            let event = JSONText.object(session.log[index - session.trimmed]),
            let state = event["state"] as? [String: Any]
        else {
            return send(
                [
                    "type": "error", "session": id,
                    "message":
                        "no state at #\(index) (the session holds #\(session.trimmed)–#\(session.trimmed + session.log.count - 1))",
                ], page: page)
        }
        let request = nextRequest
        nextRequest += 1
        if let seq = event["seq"] as? Int {
            // Read first, then write: a write through `sessions[id]?` that reads `sessions`
            // would overlap its own access.
            let restoring = Array((session.restoring + [seq]).suffix(16))
            sessions[id]?.restoring = restoring
        }
        deliver(["type": "restore", "request": request, "index": index, "state": state], session: id)
        broadcast([
            "type": "restoring", "session": id, "index": index, "seq": event["seq"] ?? NSNull(), "request": request,
        ])
    }

    private func open(url: String, session id: Int, page: Int) {
        guard let session = sessions[id], session.connected else {
            return send(["type": "error", "session": id, "message": "the app is not connected"], page: page)
        }
        guard !url.isEmpty, !url.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return send(
                ["type": "error", "session": id, "message": "a URL without control characters, please"], page: page)
        }
        let request = nextRequest
        nextRequest += 1
        deliver(["type": "open", "request": request, "url": url], session: id)
        broadcast(["type": "opening", "session": id, "url": url, "request": request])
    }

    // MARK: Graph

    /// Draws a session's graph without holding up the app: pages get the names at once and
    /// the drawing when Graphviz is done, or why there is none.
    private func draw(_ graph: [String: Any], session id: Int) {
        let drawing = GraphDrawing(graph)
        // Once per change: the same graph again (an app that reconnected) keeps its drawing.
        if let dot = drawing.dot, sessions[id]?.drawnDot == dot, sessions[id]?.graph?["svg"] is String { return }
        sessions[id]?.drawnDot = drawing.dot
        var entry: [String: Any] = [
            "svg": NSNull(), "mermaid": graph["mermaid"] as? String ?? NSNull(), "legend": drawing.legend,
        ]
        if let reason = drawing.tooLarge { entry["note"] = "not drawn: \(reason)" }
        sessions[id]?.graph = entry
        broadcast(["type": "graph", "session": id].merging(entry) { a, _ in a })
        guard let dot = drawing.dot else { return }
        let graphviz = graphviz
        Task {
            let result = await graphviz.svg(dot, session: id)
            self.drew(result, session: id, legend: drawing.legend)
        }
    }

    private func drew(_ result: Result<String, Graphviz.Failure>, session id: Int, legend: [String: Any]) {
        guard var entry = sessions[id]?.graph else { return }
        switch result {
        case .success(let svg): entry["svg"] = svg
        case .failure(.superseded): return
        case .failure(let failure):
            entry["note"] = "not drawn: \(failure)"
            // The same graph may be drawn when it comes again.
            sessions[id]?.drawnDot = nil
        }
        entry["legend"] = legend
        sessions[id]?.graph = entry
        if entry["svg"] is String {
            // The drawing goes only to the pages that show this session's graph, in their
            // drawing lane: events never wait behind it.
            sendDrawing(session: id)
        } else {
            broadcast(["type": "graph", "session": id].merging(entry) { a, _ in a })
        }
    }

    /// How many Graphviz runs are under way.
    var runsOfGraphviz: Int { get async { await graphviz.runs } }

    /// Ends every Graphviz run: the server is stopping.
    func stop() async {
        sweeper?.cancel()
        await graphviz.stopAll()
        for page in pages.values { page.finish() }
    }
}
