import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The inspector's options, from arguments and the environment.
struct Options {
    var host = "127.0.0.1"
    var port = 8765
    var token: String

    init(arguments: [String], environment: [String: String]) throws {
        // A variable that is set but empty (a blank scheme setting) counts as unset.
        token = environment["DESTINATIONS_INSPECTOR_TOKEN"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.randomToken()
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
        // The token is the only secret between a web page and the app's navigation: refuse
        // one that can be guessed.
        guard token.count >= Self.minimumTokenLength else { throw OptionsError(shortToken: token.count) }
    }

    /// The shortest pairing token the server accepts (a random token has 16 hex digits).
    static let minimumTokenLength = 16

    static func randomToken() -> String {
        (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}

struct OptionsError: Error, CustomStringConvertible {
    let description: String

    init(argument: String) { description = "unknown argument \(argument); see --help" }
    init(shortToken length: Int) {
        description = "the token has \(length) characters; use at least \(Options.minimumTokenLength) (or leave it out for a random one)"
    }
}

/// The page's files, read once from the bundle.
struct Page: Sendable {
    let files: [String: (type: String, body: String)]

    init() throws {
        guard let folder = Bundle.module.url(forResource: "Page", withExtension: nil) else {
            throw OptionsError(argument: "(missing page resources)")
        }
        var files: [String: (String, String)] = [:]
        for (name, type) in [("index.html", "text/html; charset=utf-8"), ("inspector.js", "text/javascript; charset=utf-8"), ("inspector.css", "text/css; charset=utf-8")] {
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

/// Whether the request names this machine in its Host header. A server on loopback refuses
/// every other name, so a web page whose domain is rebound to 127.0.0.1 (DNS rebinding) never
/// reaches it: its requests carry its own domain as the Host.
func hostAllowed(_ request: Request, loopbackOnly: Bool) -> Bool {
    guard loopbackOnly else { return true }
    let host = request.headers[HTTPField.Name("Host")!] ?? request.head.authority ?? ""
    let name: Substring
    if host.hasPrefix("[") {
        name = host.prefix { $0 != "]" }.dropFirst()
    } else {
        name = host.prefix { $0 != ":" }
    }
    return ["127.0.0.1", "localhost", "::1"].contains(name.lowercased())
}

/// Whether an app's request is one: apps never send an Origin header, browsers always do
/// across origins, so a web page cannot post sessions even when it knows the token.
func fromApp(_ request: Request) -> Bool {
    request.headers[.origin] == nil
}

func makeRouter(hub: Hub, page: Page, token: String, loopbackOnly: Bool = true) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.add(middleware: HostCheck(loopbackOnly: loopbackOnly))
    for (path, name) in [("/", "index.html"), ("/inspector.js", "inspector.js"), ("/inspector.css", "inspector.css")] {
        router.get(RouterPath(path)) { request, _ -> Response in
            guard let file = page.files[name] else { return Response(status: .notFound) }
            var response = Response.text(file.body, type: file.type)
            // Scripts, styles and sockets from this server only.
            let host = request.headers[HTTPField.Name("Host")!] ?? request.head.authority ?? "127.0.0.1"
            let policy = "default-src 'self'; connect-src 'self' ws://\(host); img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
            response.headers.append(contentsOf: [
                HTTPField.Name("Content-Security-Policy")!: policy,
                HTTPField.Name("X-Content-Type-Options")!: "nosniff",
                HTTPField.Name("Referrer-Policy")!: "no-referrer",
            ] as HTTPFields)
            return response
        }
    }
    router.get("/favicon.ico") { _, _ in Response(status: .noContent) }

    // Apps: HTTP batches and a long poll.
    let app = router.group("app")
    app.post("sessions") { request, _ -> Response in
        guard tokenMatches(request, token), fromApp(request) else { return .text(#"{"error":"token"}"#, status: .forbidden) }
        let body = try await request.body.collect(upTo: 4 << 20)
        let hello = String(buffer: body)
        guard Hub.object(hello)?["type"] as? String == "hello" else { return .text(#"{"error":"hello"}"#, status: .badRequest) }
        let id = await hub.open(hello: hello)
        return .text(#"{"session":\#(id)}"#)
    }
    app.post("sessions/:id/messages") { request, context -> Response in
        guard tokenMatches(request, token), fromApp(request) else { return .text(#"{"error":"token"}"#, status: .forbidden) }
        guard let id = context.parameters.get("id", as: Int.self), await hub.exists(id) else { return Response(status: .gone) }
        let body = try await request.body.collect(upTo: 64 << 20)
        await hub.receive(String(buffer: body).split(separator: "\n").map(String.init), session: id)
        return Response(status: .noContent)
    }
    app.get("sessions/:id/commands") { request, context -> Response in
        guard tokenMatches(request, token), fromApp(request) else { return .text(#"{"error":"token"}"#, status: .forbidden) }
        guard let id = context.parameters.get("id", as: Int.self), await hub.exists(id) else { return Response(status: .gone) }
        let commands = await hub.commands(session: id)
        return commands.isEmpty ? Response(status: .noContent) : .text(commands.joined(separator: "\n"), type: "application/x-ndjson")
    }
    app.post("sessions/:id/bye") { request, context -> Response in
        guard tokenMatches(request, token), fromApp(request) else { return .text(#"{"error":"token"}"#, status: .forbidden) }
        if let id = context.parameters.get("id", as: Int.self) { await hub.bye(session: id) }
        return Response(status: .noContent)
    }

    // Apps on Apple platforms: one WebSocket, the hello first.
    router.ws("/app") { request, _ in
        tokenMatches(request, token) && fromApp(request) && hostAllowed(request, loopbackOnly: loopbackOnly)
            ? .upgrade([:]) : .dontUpgrade
    } onUpgrade: { inbound, outbound, _ in
        var session: Int?
        var poller: Task<Void, Never>?
        defer { poller?.cancel() }
        for try await message in inbound.messages(maxSize: 16 << 20) {
            guard case .text(let text) = message else { continue }
            if let id = session {
                await hub.receive([text], session: id)
            } else {
                // The first frame must be the hello, as on the HTTP route: the hub relays it
                // to every page as JSON.
                guard Hub.object(text)?["type"] as? String == "hello" else { return }
                let id = await hub.open(hello: text)
                session = id
                poller = Task {
                    while !Task.isCancelled {
                        for command in await hub.commands(session: id) {
                            try? await outbound.write(.text(command))
                        }
                    }
                }
            }
        }
        if let session { await hub.bye(session: session) }
    }

    // Pages: a WebSocket from this server's own origin, with the token.
    router.ws("/ui") { request, _ in
        guard tokenMatches(request, token), hostAllowed(request, loopbackOnly: loopbackOnly) else { return .dontUpgrade }
        let origin = request.headers[.origin] ?? ""
        let host = request.headers[HTTPField.Name("Host")!] ?? request.head.authority ?? ""
        guard !host.isEmpty, origin == "http://\(host)" else { return .dontUpgrade }
        return .upgrade([:])
    } onUpgrade: { inbound, outbound, _ in
        let (id, stream) = await hub.addPage()
        let writer = Task {
            for await message in stream {
                try? await outbound.write(.text(message))
            }
        }
        defer { writer.cancel() }
        for try await message in inbound.messages(maxSize: 1 << 20) {
            if case .text(let text) = message { await hub.fromPage(text) }
        }
        await hub.removePage(id)
    }
    return router
}

/// Refuses requests whose Host header names another machine (see ``hostAllowed(_:loopbackOnly:)``).
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let loopbackOnly: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard hostAllowed(request, loopbackOnly: loopbackOnly) else {
            return .text(#"{"error":"host"}"#, status: .forbidden)
        }
        return try await next(request, context)
    }
}
