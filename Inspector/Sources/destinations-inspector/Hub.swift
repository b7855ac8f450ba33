import Foundation

/// One app's session as the inspector keeps it: its hello, every event it sent (raw JSON,
/// never decoded into the app's types), the requests waiting for it, and its graph.
struct AppSession {
    /// The session's number, as pages know it.
    let id: Int
    /// The app, process and scene: an app that reconnects continues its session.
    var identity: String
    /// The current connection's key: random, unguessable, and new for every hello. The app's
    /// paths carry it; a key of an older connection, or of an earlier run of the server, is
    /// refused.
    var key: String
    var hello: String
    var log: [String] = []
    /// How many of the oldest events the log let go: the event numbered `index` (its place in
    /// the session since it opened, as pages know it) is `log[index - trimmed]`.
    var trimmed = 0
    var connected = true
    /// When the app last showed it is there: a message, a poll begun or ended. An app whose
    /// poll is not renewed for ``Hub/idleLimit`` is taken for gone.
    var lastSeen: ContinuousClock.Instant = .now
    var commands: [String] = []
    /// The one long poll (an HTTP request, or a socket's command loop) waiting for requests;
    /// nil ends it: its connection was superseded or said bye.
    var poller: (id: Int, continuation: CheckedContinuation<[String]?, Never>)?
    var svg: String?
    var mermaid: String?
}

/// The relay between apps and pages. Apps post messages; pages receive them over a WebSocket
/// and ask for restores, which the hub turns into requests carrying the state from its own log.
actor Hub {
    static let logLimit = 10_000
    /// How many sessions whose app went away are kept for pages; older ones are let go.
    static let disconnectedLimit = 8
    /// How long an app may go without a poll waiting and without a message before its session
    /// is marked disconnected: a crashed app never says bye. A live app renews its poll at
    /// once, at least every 20 seconds.
    static let idleLimit: Duration = .seconds(60)
    /// How often idle apps are looked for.
    static let sweepInterval: Duration = .seconds(15)
    private var sweeper: Task<Void, Never>?
    private var sessions: [Int: AppSession] = [:]
    /// The current connections' keys, and their sessions.
    private var keys: [String: Int] = [:]
    private var nextSession = 1
    private var nextRequest = 1
    private var nextPoller = 1
    private var pages: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextPage = 1
    private let graphviz: Graphviz

    init(graphviz: Graphviz) {
        self.graphviz = graphviz
    }

    // MARK: Apps

    /// Opens a session with an app's hello and returns its new connection key; an app that
    /// reconnects (same name, process and scene) continues its earlier session, and its older
    /// connection's key and command poll end.
    func open(hello: String) async -> (id: Int, key: String) {
        let object = Self.object(hello) ?? [:]
        let identity = "\(object["app"] ?? "")|\(object["pid"] ?? "")|\(object["scene"] ?? "")"
        let key = Self.randomKey()
        let id: Int
        if var session = sessions.values.first(where: { $0.identity == identity }) {
            id = session.id
            keys[session.key] = nil
            session.poller?.continuation.resume(returning: nil)
            session.poller = nil
            session.key = key
            session.hello = hello
            session.connected = true
            session.lastSeen = .now
            sessions[id] = session
        } else {
            id = nextSession
            nextSession += 1
            sessions[id] = AppSession(id: id, identity: identity, key: key, hello: hello)
        }
        keys[key] = id
        startSweeping()
        broadcast(#"{"type":"hello","session":\#(id),"hello":\#(hello)}"#)
        if let graph = object["graph"] as? [String: Any] { await render(graph, session: id) }
        return (id, key)
    }

    /// 128 random bits in hex.
    static func randomKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The session of a current connection's key.
    func session(key: String) -> Int? { keys[key] }

    /// Whether the connection of `key` has a poll waiting.
    func isPolling(key: String) -> Bool { keys[key].flatMap { sessions[$0]?.poller } != nil }

    /// Takes a batch of an app's messages, in order; false when the key is not a current
    /// connection's.
    @discardableResult
    func receive(_ lines: [String], key: String) async -> Bool {
        guard let id = keys[key] else { return false }
        await receive(lines, session: id)
        return true
    }

    private func receive(_ lines: [String], session id: Int) async {
        guard sessions[id] != nil else { return }
        sessions[id]?.connected = true
        sessions[id]?.lastSeen = .now
        for line in lines where !line.isEmpty {
            guard let object = Self.object(line) else { continue }
            switch object["type"] as? String {
            case "event":
                guard var session = sessions[id] else { continue }
                let index = session.trimmed + session.log.count
                let line = Self.withStateText(line)
                session.log.append(line)
                if session.log.count > Self.logLimit {
                    session.log.removeFirst()
                    session.trimmed += 1
                }
                sessions[id] = session
                let relayT = Int(Date().timeIntervalSince1970 * 1000)
                broadcast(#"{"type":"event","session":\#(id),"index":\#(index),"relayT":\#(relayT),"event":\#(line)}"#)
            case "result":
                broadcast(#"{"type":"result","session":\#(id),"result":\#(line)}"#)
            case "graph":
                if let graph = object["graph"] as? [String: Any] { await render(graph, session: id) }
            default:
                continue
            }
        }
    }

    /// Waits up to `timeout` for the inspector's requests to an app's connection: an empty
    /// list when none came, nil when the key is not the session's current one, or stops being
    /// it (a newer connection took over, or this one said bye). A session has one poll: a new
    /// one ends the one waiting with an empty list.
    func commands(key: String, timeout: Duration = .seconds(20)) async -> [String]? {
        guard let id = keys[key], var session = sessions[id] else { return nil }
        session.lastSeen = .now
        if !session.commands.isEmpty {
            let commands = session.commands
            session.commands.removeAll()
            sessions[id] = session
            return commands
        }
        session.poller?.continuation.resume(returning: [])
        sessions[id]?.poller = nil
        let poller = nextPoller
        nextPoller += 1
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
        sessions[id]?.lastSeen = .now
        waiting.continuation.resume(returning: [])
    }

    /// Marks disconnected, as a bye would, every connected app that has had no poll waiting
    /// and sent nothing for longer than ``idleLimit`` at `now`.
    func expireIdle(now: ContinuousClock.Instant = .now) {
        let idle = sessions.values.filter { session in
            session.connected && session.poller == nil && session.lastSeen.duration(to: now) > Self.idleLimit
        }
        for session in idle { bye(key: session.key) }
    }

    private func startSweeping() {
        guard sweeper == nil else { return }
        sweeper = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.sweepInterval)
                guard let self else { return }
                await self.expireIdle()
            }
        }
    }

    /// Ends a connection; its session stays for pages, disconnected, unless a newer connection
    /// already took it over. Only the last `disconnectedLimit` disconnected sessions are kept.
    func bye(key: String) {
        guard let id = keys.removeValue(forKey: key), sessions[id] != nil else { return }
        sessions[id]?.connected = false
        sessions[id]?.poller?.continuation.resume(returning: nil)
        sessions[id]?.poller = nil
        sessions[id]?.commands.removeAll()
        broadcast(#"{"type":"bye","session":\#(id)}"#)
        let gone = sessions.values.filter { !$0.connected }.map(\.id).sorted()
        for old in gone.dropLast(Self.disconnectedLimit) {
            sessions[old] = nil
            broadcast(#"{"type":"forget","session":\#(old)}"#)
        }
    }

    private func deliver(_ command: String, session id: Int) {
        if let poller = sessions[id]?.poller {
            // The poll belongs to the session's current connection: a restore never goes to a
            // connection that was superseded or ended.
            sessions[id]?.poller = nil
            sessions[id]?.lastSeen = .now
            poller.continuation.resume(returning: [command])
        } else {
            sessions[id]?.commands.append(command)
        }
    }

    // MARK: Pages

    /// Registers a page; it gets a snapshot of every session first.
    func addPage() -> (Int, AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let id = nextPage
        nextPage += 1
        pages[id] = continuation
        continuation.yield(snapshot())
        return (id, stream)
    }

    func removePage(_ id: Int) {
        pages[id]?.finish()
        pages[id] = nil
    }

    private func broadcast(_ message: String) {
        for page in pages.values { page.yield(message) }
    }

    private func snapshot() -> String {
        let entries = sessions.values.sorted { $0.id < $1.id }.map { session in
            var graph = "null"
            if let svg = session.svg ?? session.mermaid.map({ _ in "" }) {
                graph = Self.json(["svg": svg.isEmpty ? NSNull() : svg, "mermaid": session.mermaid ?? NSNull()] as [String: Any])
            }
            return #"{"session":\#(session.id),"connected":\#(session.connected),"hello":\#(session.hello),"first":\#(session.trimmed),"graph":\#(graph),"log":[\#(session.log.joined(separator: ","))]}"#
        }
        return #"{"type":"snapshot","protocol":1,"sessions":[\#(entries.joined(separator: ","))]}"#
    }

    /// A page's message: `{"type":"restore","session":N,"index":I}`. The page never sends a
    /// state; the hub takes it from its own log.
    func fromPage(_ text: String) {
        guard let object = Self.object(text), object["type"] as? String == "restore",
              let id = object["session"] as? Int, let index = object["index"] as? Int,
              let session = sessions[id]
        else {
            broadcast(Self.json(["type": "error", "message": "unknown request"]))
            return
        }
        guard session.connected else {
            broadcast(Self.json(["type": "error", "session": id, "message": "the app is not connected"]))
            return
        }
        guard session.log.indices.contains(index - session.trimmed), let event = Self.object(session.log[index - session.trimmed]),
              let state = event["state"]
        else {
            broadcast(Self.json(["type": "error", "session": id, "message": "no state at \(index)"]))
            return
        }
        let request = nextRequest
        nextRequest += 1
        deliver(Self.json(["type": "restore", "request": request, "index": index, "state": state]), session: id)
        broadcast(Self.json(["type": "restoring", "session": id, "index": index, "request": request]))
    }

    // MARK: Graph

    private func render(_ graph: [String: Any], session id: Int) async {
        let mermaid = graph["mermaid"] as? String
        var svg: String?
        if let dot = graph["dot"] as? String { svg = await graphviz.svg(dot) }
        sessions[id]?.svg = svg
        sessions[id]?.mermaid = mermaid
        broadcast(Self.json(["type": "graph", "session": id, "svg": svg ?? NSNull(), "mermaid": mermaid ?? NSNull()]))
    }

    // MARK: JSON

    /// The event with `stateText` added: its `state` exactly as the app wrote it. A page parses
    /// numbers as doubles, which round integers above 2^53; "copy as test" embeds this text, so
    /// the test restores the very state the app had.
    static func withStateText(_ line: String) -> String {
        guard let raw = rawMember("state", in: line),
              let data = try? JSONSerialization.data(withJSONObject: String(raw), options: .fragmentsAllowed),
              let end = line.lastIndex(of: "}")
        else { return line }
        return line[..<end] + #","stateText":"# + String(decoding: data, as: UTF8.self) + line[end...]
    }

    /// The exact text of a top-level member's value in a JSON object (the last one of that
    /// name, as parsers take it); nil when the text is not an object or has no such member.
    static func rawMember(_ name: String, in text: String) -> Substring? {
        let bytes = Array(text.utf8)
        var i = 0
        func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }
        /// Skips a string starting at its opening quote; false when it does not end.
        func skipString() -> Bool {
            i += 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""): i += 1; return true
                default: i += 1
                }
            }
            return false
        }
        func skipValue() -> Bool {
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""): guard skipString() else { return false }; if depth == 0 { return true }; continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    if depth == 0 { i += 1; return true }
                case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D: if depth == 0 { return true }
                default: break
                }
                i += 1
            }
            return depth == 0
        }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var found: Range<Int>?
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { break }
            let keyStart = i + 1
            guard skipString() else { return nil }
            let key = bytes[keyStart..<(i - 1)]
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            let valueStart = i
            guard skipValue() else { return nil }
            if key.elementsEqual(name.utf8) { found = valueStart..<i }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { break }
            i += 1
        }
        guard let found else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: found.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: found.upperBound)
        return text[start..<end]
    }

    static func object(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Renders DOT to SVG with Graphviz when `dot` is on the path.
struct Graphviz: Sendable {
    let executable: String?

    init() {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        executable = paths.map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func svg(_ dot: String) async -> String? {
        guard let executable else { return nil }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = ["-Tsvg"]
                let input = Pipe()
                let output = Pipe()
                process.standardInput = input
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                do {
                    try process.run()
                    input.fileHandleForWriting.write(Data(dot.utf8))
                    try? input.fileHandleForWriting.close()
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil)
                } catch {
                    continuation.resume(returning: nil)
                }
            }
        }
    }
}
