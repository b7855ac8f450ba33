import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import destinations_inspector

/// A hello and numbered events, as an app sends them.
private func hello(_ app: String = "notes") -> String { #"{"type":"hello","app":"\#(app)","pid":1,"scene":"main"}"# }
private func event(_ number: Int) -> String { #"{"type":"event","seq":\#(number),"state":{"n":\#(number)}}"# }

/// The state a restore request carries, read back from the command the app receives.
private func restoredNumber(_ commands: [String]) -> Int? {
    guard let command = commands.first, let object = Hub.object(command), let state = object["state"] as? [String: Any] else {
        return nil
    }
    return state["n"] as? Int
}

private func request(host: String?, origin: String? = nil, token: String? = nil) -> Request {
    var fields = HTTPFields()
    if let host { fields[HTTPField.Name("Host")!] = host }
    if let origin { fields[.origin] = origin }
    let path = token.map { "/app/sessions?token=\($0)" } ?? "/app/sessions"
    let head = HTTPRequest(method: .post, scheme: "http", authority: host, path: path, headerFields: fields)
    return Request(head: head, body: .init(buffer: ByteBuffer()))
}

@Suite("Hub")
struct HubTests {
    @Test("restoring an event after the log dropped old ones restores that event, not a later one")
    func restoreNumbersSurviveTrimming() async {
        let hub = Hub(graphviz: Graphviz())
        let session = await hub.open(hello: hello())
        let total = Hub.logLimit + 25
        await hub.receive((0..<total).map(event), session: session)
        // A number the page saw late in the log: the state restored is exactly that event's.
        await hub.fromPage(#"{"type":"restore","session":\#(session),"index":\#(total - 3)}"#)
        #expect(restoredNumber(await hub.commands(session: session, timeout: .milliseconds(10))) == total - 3)
        // One still in the log, below the log limit in number.
        await hub.fromPage(#"{"type":"restore","session":\#(session),"index":5000}"#)
        #expect(restoredNumber(await hub.commands(session: session, timeout: .milliseconds(10))) == 5000)
        // A dropped one is refused, and nothing reaches the app.
        await hub.fromPage(#"{"type":"restore","session":\#(session),"index":3}"#)
        #expect(await hub.commands(session: session, timeout: .milliseconds(10)).isEmpty)
    }

    @Test("an app that reconnects with the same name, process and scene continues its session")
    func reconnectContinuesTheSession() async {
        let hub = Hub(graphviz: Graphviz())
        let first = await hub.open(hello: hello())
        await hub.bye(session: first)
        #expect(await hub.open(hello: hello()) == first)
        #expect(await hub.open(hello: hello("other")) != first)
    }
}

@Suite("Server checks")
struct ServerCheckTests {
    @Test("an empty server token matches nothing, not even a request without a token")
    func emptyTokenMatchesNothing() {
        #expect(!tokenMatches(request(host: "127.0.0.1:8765"), ""))
        #expect(!tokenMatches(request(host: "127.0.0.1:8765", token: ""), ""))
        #expect(tokenMatches(request(host: "127.0.0.1:8765", token: "0123456789abcdef"), "0123456789abcdef"))
        #expect(!tokenMatches(request(host: "127.0.0.1:8765", token: "0123456789abcdeX"), "0123456789abcdef"))
    }

    @Test("on loopback, a Host naming another machine is refused (DNS rebinding)")
    func hostMustNameThisMachine() {
        for host in ["127.0.0.1:8765", "localhost:8765", "LOCALHOST", "[::1]:8765"] {
            #expect(hostAllowed(request(host: host), loopbackOnly: true), "\(host)")
        }
        for host in ["evil.example:8765", "127.0.0.1.evil.example", "[::2]:8765", ""] {
            #expect(!hostAllowed(request(host: host), loopbackOnly: true), "\(host)")
        }
        #expect(hostAllowed(request(host: "inspector.lan:8765"), loopbackOnly: false))
    }

    @Test("a request with an Origin header is not an app's")
    func appsSendNoOrigin() {
        #expect(fromApp(request(host: "127.0.0.1:8765")))
        #expect(!fromApp(request(host: "127.0.0.1:8765", origin: "http://evil.example")))
    }

    @Test("a blank token in the environment counts as unset; a short token is refused")
    func tokenOptions() throws {
        let generated = try Options(arguments: ["inspector"], environment: ["DESTINATIONS_INSPECTOR_TOKEN": ""])
        #expect(generated.token.count == 16)
        #expect(throws: OptionsError.self) { try Options(arguments: ["inspector", "--token", "abc"], environment: [:]) }
        #expect(try Options(arguments: ["inspector"], environment: ["DESTINATIONS_INSPECTOR_TOKEN": "0123456789abcdef0"]).token.count == 17)
    }
}
