import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOConcurrencyHelpers
import NIOCore

/// The inspector's options, from arguments and the environment.
struct Options {
    var host = "127.0.0.1"
    var port = 8765
    var token: String

    init(arguments: [String], environment: [String: String]) throws {
        // An empty or blank variable means unset: an empty token would let every request in.
        token =
            environment["DESTINATIONS_INSPECTOR_TOKEN"].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
            ?? Self.randomToken()
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--host": host = iterator.next() ?? host
            case "--port": port = iterator.next().flatMap(Int.init) ?? port
            case "--token": token = iterator.next() ?? token
            case "--help", "-h":
                print("usage: destinations-inspector [--host 127.0.0.1] [--port 8765] [--token T]")
                exit(0)
            default:
                throw OptionsError(argument: argument)
            }
        }
        guard Self.isStrong(token) else { throw WeakTokenError() }
    }

    /// The shortest pairing token the server accepts: 16 characters, as long as its own.
    static let minimumTokenLength = 16

    /// At least 16 characters, each a letter, a digit, `-`, `_`, `.` or `~`: a token travels in
    /// URLs and shell commands as it is, and a blank one would be no secret.
    static func isStrong(_ token: String) -> Bool {
        token.count >= minimumTokenLength
            && token.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.~".unicodeScalars.contains($0))
            }
    }

    static func randomToken() -> String {
        (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}

struct WeakTokenError: Error, CustomStringConvertible {
    var description: String {
        "the token must be at least \(Options.minimumTokenLength) letters, digits, '-', '_', '.' or '~'; leave it out for a random one"
    }
}

struct OptionsError: Error, CustomStringConvertible {
    let argument: String
    var description: String { "unknown argument \(argument); see --help" }
}

/// The page's files, read once from the bundle.
struct Page: Sendable {
    let files: [String: (type: String, body: String)]

    /// The page's files and their types.
    static let names = [
        ("index.html", "text/html; charset=utf-8"), ("inspector.js", "text/javascript; charset=utf-8"),
        ("graph.js", "text/javascript; charset=utf-8"), ("test.js", "text/javascript; charset=utf-8"),
        ("inspector.css", "text/css; charset=utf-8"),
    ]

    init() throws {
        guard let folder = Bundle.module.url(forResource: "Page", withExtension: nil) else {
            throw OptionsError(argument: "(missing page resources)")
        }
        var files: [String: (String, String)] = [:]
        for (name, type) in Self.names {
            files[name] = (type, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
        self.files = files
    }
}

extension Response {
    static func text(_ body: String, status: HTTPResponse.Status = .ok, type: String = "application/json") -> Response {
        Response(status: status, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

func tokenMatches(_ request: Request, _ token: String) -> Bool {
    guard !token.isEmpty else { return false }
    let given = request.uri.queryParameters.get("token") ?? request.headers[HTTPField.Name("X-Inspector-Token")!] ?? ""
    // Compare without stopping at the first difference.
    guard given.utf8.count == token.utf8.count else { return false }
    var difference: UInt8 = 0
    for (a, b) in zip(given.utf8, token.utf8) { difference |= a ^ b }
    return difference == 0
}

/// Every name a request gives for this server: its authority (HTTP/1's first `Host` header)
/// and any further `Host` headers.
func requestHosts(_ request: Request) -> [String] {
    (request.head.authority.map { [$0] } ?? []) + request.headers[values: HTTPField.Name("Host")!]
}

/// The one name a request gives for this server; nil when it gives none, or two that differ.
func requestHost(_ request: Request) -> String? {
    let names = Set(requestHosts(request))
    return names.count == 1 ? names.first : nil
}

/// Whether a request names this server by a loopback address, and only by one. A page whose
/// name was rebound to 127.0.0.1 (DNS rebinding) sends its own name in `Host`, and its origin
/// then matches that name; refusing other names keeps it out even before the token is
/// checked. Every `Host` a request carries must be loopback, so a second header cannot slip
/// another name in. Only a server bound to loopback checks it: one on the network is reached
/// by whatever name the LAN uses.
func hostAllowed(_ request: Request, boundTo host: String) -> Bool {
    guard isLoopback(host) else { return true }
    let names = requestHosts(request)
    return !names.isEmpty && names.allSatisfy { hostName($0).map(isLoopback) ?? false }
}

/// The name of a `Host` value that is a name and an optional port and nothing else:
/// `127.0.0.1:8765`, `[::1]:8765`, `localhost`. Nil for `127.0.0.1:8765@evil.example`, a port
/// that is not a number, or anything after it.
func hostName(_ value: String) -> String? {
    let name: Substring
    let rest: Substring
    if value.hasPrefix("[") {
        guard let close = value.firstIndex(of: "]") else { return nil }
        name = value[value.index(after: value.startIndex)..<close]
        rest = value[value.index(after: close)...]
    } else {
        name = value.prefix { $0 != ":" }
        rest = value[name.endIndex...]
    }
    if !rest.isEmpty {
        let port = rest.dropFirst()
        guard rest.first == ":", !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber)
        else { return nil }
    }
    guard !name.isEmpty else { return nil }
    return String(name)
}

/// `localhost`, `::1`, or an IPv4 literal in 127.0.0.0/8 (not a name that starts with `127.`).
func isLoopback(_ host: String) -> Bool {
    if host == "localhost" || host == "::1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
}

/// Refuses requests that name this server by anything but a loopback address.
struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    let host: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard hostAllowed(request, boundTo: host) else { return .text(#"{"error":"host"}"#, status: .forbidden) }
        return try await next(request, context)
    }
}

/// The page's Content-Security-Policy: the same for every request.
let contentSecurityPolicy = [
    "default-src 'self'", "connect-src 'self'", "img-src 'self'", "style-src 'self'", "script-src 'self'",
    "object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-src 'none'", "frame-ancestors 'none'",
].joined(separator: "; ")

/// Reads a batch of an app's messages and hands them to the hub: 204, 200 with the refusals,
/// 410 when the connection's key is no longer current, 413 past 10,000 lines.
func receiveMessages(_ request: Request, key: String, hub: Hub) async throws -> Response {
    let body = try await request.body.collect(upTo: 64 << 20)
    // A body of many tiny lines would cost far more than its bytes: at most 10,000 lines a
    // request, refused whole above that.
    let lineCount = body.readableBytesView.reduce(into: 1) { count, byte in if byte == 10 { count += 1 } }
    guard lineCount <= 10_000 else {
        return .text(
            JSONText.text(["error": "messages", "reason": "more than 10000 lines in one request"]),
            status: .contentTooLarge)
    }
    let text = String(buffer: body)
    guard let refusals = await hub.receive(text.split(separator: "\n", omittingEmptySubsequences: false), key: key)
    else {
        return Response(status: .gone)
    }
    // Messages that do not fit are refused, each with its reason; the others were taken.
    guard refusals.isEmpty else {
        return .text(
            JSONText.text(["refused": refusals.map { ["line": $0.line, "reason": $0.reason] as [String: Any] }]))
    }
    return Response(status: .noContent)
}

/// Runs `work`, or throws ``DeadlinePassed`` when it takes longer than `limit` (and cancels it).
func withDeadline<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw DeadlinePassed(limit: limit)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw DeadlinePassed(limit: limit) }
        return first
    }
}

/// A peer took longer than the server waits.
struct DeadlinePassed: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "nothing complete within \(limit)" }
}

func makeRouter(
    hub: Hub, page: Page, token: String, host: String = "127.0.0.1", connection: ConnectionLimits = ConnectionLimits()
) -> Router<InspectorContext> {
    let router = Router(context: InspectorContext.self)
    router.add(middleware: LoopbackHostMiddleware(host: host))
    for (path, name) in [("/", "index.html")] + Page.names.dropFirst().map({ ("/\($0.0)", $0.0) }) {
        router.get(RouterPath(path)) { request, _ -> Response in
            guard let file = page.files[name] else { return Response(status: .notFound) }
            var response = Response.text(file.body, type: file.type)
            // Scripts, styles and sockets from this server only ('self' covers its own ws:), and
            // never from the request's Host; no forms post anywhere, no plugins, no <base>.
            let policy = contentSecurityPolicy
            response.headers.append(
                contentsOf: [
                    HTTPField.Name("Content-Security-Policy")!: policy,
                    HTTPField.Name("X-Content-Type-Options")!: "nosniff",
                    HTTPField.Name("Referrer-Policy")!: "no-referrer",
                ] as HTTPFields)
            return response
        }
    }
    router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
    // A page whose socket closed asks whether its token still holds: 403 tells it the server
    // was restarted with another token, rather than being offline.
    router.get("/ping") { request, _ -> Response in
        tokenMatches(request, token) ? Response(status: .noContent) : .text(#"{"error":"token"}"#, status: .forbidden)
    }

    // Apps: HTTP batches and a long poll.
    let app = router.group("app")
    app.post("sessions") { request, _ -> Response in
        guard tokenMatches(request, token) else { return .text(#"{"error":"token"}"#, status: .forbidden) }
        let body: ByteBuffer
        do {
            // A hello sent a byte at a time holds a connection: it has a deadline.
            let limit = hub.limits.helloBytes
            body = try await withDeadline(connection.helloBody) { try await request.body.collect(upTo: limit) }
        } catch let late as DeadlinePassed {
            let reason = "hello: \(late)"
            var response = Response.text(JSONText.text(["error": "hello", "reason": reason]), status: .requestTimeout)
            response.headers[.connection] = "close"
            return response
        } catch {
            // The app is told why, so that it stops or says hello without its graph.
            let reason = "hello: more than \(hub.limits.helloBytes) bytes, the most a hello may have"
            return .text(JSONText.text(["error": "hello", "reason": reason]), status: .contentTooLarge)
        }
        // The connection's random key, not the session's number: a key from an earlier run
        // of the server, or an older connection, is refused (410) and the app says hello again.
        switch await hub.open(hello: Substring(String(buffer: body))) {
        case .success(let opened): return .text(JSONText.text(["session": opened.key]))
        case .failure(let refusal) where refusal.retry:
            // The server is full: the app dials again with backoff.
            return .text(
                JSONText.text(["error": "hello", "reason": refusal.reason, "retry": true]), status: .serviceUnavailable)
        case .failure(let refusal):
            return .text(JSONText.text(["error": "hello", "reason": refusal.reason]), status: .badRequest)
        }
    }
    app.post("sessions/:key/messages") { request, context -> Response in
        guard tokenMatches(request, token) else { return .text(#"{"error":"token"}"#, status: .forbidden) }
        guard let key = context.parameters.get("key"), await hub.beginReceiving(key: key) else {
            return Response(status: .gone)
        }
        // An app whose batch is still arriving, or being read, is there, however long a large
        // batch takes.
        do {
            let response = try await receiveMessages(request, key: key, hub: hub)
            await hub.endReceiving(key: key)
            return response
        } catch {
            await hub.endReceiving(key: key)
            throw error
        }
    }
    app.get("sessions/:key/commands") { request, context -> Response in
        guard tokenMatches(request, token) else { return .text(#"{"error":"token"}"#, status: .forbidden) }
        guard let key = context.parameters.get("key"), let commands = await hub.commands(key: key) else {
            return Response(status: .gone)
        }
        return commands.isEmpty
            ? Response(status: .noContent) : .text(commands.joined(separator: "\n"), type: "application/x-ndjson")
    }
    app.post("sessions/:key/bye") { request, context -> Response in
        guard tokenMatches(request, token) else { return .text(#"{"error":"token"}"#, status: .forbidden) }
        if let key = context.parameters.get("key") { await hub.bye(key: key) }
        return Response(status: .noContent)
    }

    // Apps on Apple platforms: one WebSocket, the hello first.
    router.ws("/app") { request, _ in
        tokenMatches(request, token) && hostAllowed(request, boundTo: host) ? .upgrade([:]) : .dontUpgrade
    } onUpgrade: { inbound, outbound, context in
        var session: String?
        var poller: Task<Void, Never>?
        // A socket that says nothing, or sends its hello a byte at a time, is closed past the
        // deadline: it would hold a file descriptor for ever.
        let greeted = NIOLockedValueBox(false)
        let channel = context.requestContext.channel
        let helloDeadline = Task {
            try? await Task.sleep(for: connection.hello)
            if !Task.isCancelled, !greeted.withLockedValue({ $0 }) { channel.close(promise: nil) }
        }
        defer { poller?.cancel() }
        defer { helloDeadline.cancel() }
        // A frame too large or a broken connection ends the loop with an error; the session
        // still says bye.
        do {
            for try await message in inbound.messages(maxSize: hub.limits.messageBytes) {
                guard case .text(let text) = message else { continue }
                if let key = session {
                    // Frames of a connection a newer one took over are dropped.
                    await hub.receive([text], key: key)
                } else {
                    // The first frame must be a hello; the app learns its key, which a later
                    // hello names to resume the session.
                    let opened: (id: Int, key: String)
                    greeted.withLockedValue { $0 = true }
                    switch await hub.open(hello: Substring(text), socket: true) {
                    case .success(let session): opened = session
                    case .failure(let refusal):
                        // The app is told why, so that it stops, says hello without its graph,
                        // or (the server is full) dials again later.
                        try await outbound.write(
                            .text(
                                JSONText.text(["type": "refused", "reason": refusal.reason, "retry": refusal.retry])))
                        try await outbound.close(.init(codeNumber: 4400), reason: "hello refused")
                        return
                    }
                    let key = opened.key
                    session = key
                    try await outbound.write(.text(JSONText.text(["type": "session", "session": key])))
                    // The session's one command poll, until a newer connection of the same app
                    // takes the session over or this one ends: two sockets never end each
                    // other's polls in a loop, and restores go to the newest socket.
                    poller = Task {
                        while !Task.isCancelled, let commands = await hub.commands(key: key) {
                            for command in commands {
                                try? await outbound.write(.text(command))
                            }
                        }
                        // The poll ended without this connection ending: a newer connection of
                        // the same app took the session over, or the app sent nothing (not even
                        // its heartbeat) within the idle limit; this one is closed, not left
                        // open and ignored.
                        if !Task.isCancelled {
                            let reason =
                                await hub.endedQuiet(key: key) ? "no message within the idle limit" : "superseded"
                            try? await outbound.close(.normalClosure, reason: reason)
                        }
                    }
                }
            }
        } catch {}
        // This connection ended: its poll stops before the bye could end it, so it does not
        // try to close a closed connection.
        poller?.cancel()
        if let session { await hub.bye(key: session) }
    }

    // Pages: a WebSocket from this server's own origin, with the token.
    router.ws("/ui") { request, _ in
        guard tokenMatches(request, token), hostAllowed(request, boundTo: host), let host = requestHost(request) else {
            return .dontUpgrade
        }
        let origin = request.headers[.origin] ?? ""
        guard origin == "http://\(host)" else { return .dontUpgrade }
        return .upgrade([:])
    } onUpgrade: { inbound, outbound, context in
        let (id, stream) = await hub.addPage()
        let outbox = await hub.outbox(page: id)
        // A page let go for not reading is closed outright: a close frame would wait behind
        // what it does not read. (A page refused at once is closed by its writer, with why.)
        let channel = context.requestContext.channel
        outbox?.onLetGo { _ in channel.close(promise: nil) }
        // Messages that wait while a frame is written go together in the next frame, one per
        // line (the hub's JSON never holds a raw line break): a burst costs a few frames, not
        // one frame per event.
        let waiting = NIOLockedValueBox<[String]>([])
        let (signal, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let reader = Task {
            for await message in stream {
                waiting.withLockedValue { $0.append(message) }
                wake.yield()
            }
            wake.finish()
        }
        let writer = Task {
            // Messages first, a drawing only when none wait: events never wait behind drawings.
            func writeAll() async {
                while let frame = waiting.withLockedValue({ outbox?.nextFrame(&$0) ?? PageOutbox.joined(&$0) }) {
                    try? await outbound.write(.text(frame))
                    outbox?.wrote(frame.utf8.count - frame.utf8.count(where: { $0 == 10 }))
                }
            }
            for await _ in signal { await writeAll() }
            await writeAll()
            // The page was refused (too many pages), or did not read what it was sent: it is
            // let go, and says so.
            if outbox == nil || outbox?.fellBehind == true {
                try? await outbound.close(.init(codeNumber: 4000), reason: outbox?.letGoReason ?? "refused")
            }
        }
        // A drawing wakes the writer too.
        let drawings = Task {
            guard let outbox else { return }
            for await _ in outbox.drawingsQueued { wake.yield() }
        }
        defer { drawings.cancel() }
        defer { reader.cancel() }
        defer { writer.cancel() }
        do {
            for try await message in inbound.messages(maxSize: 1 << 20) {
                if case .text(let text) = message { await hub.fromPage(text, page: id) }
            }
        } catch {}
        await hub.removePage(id)
    }
    return router
}
