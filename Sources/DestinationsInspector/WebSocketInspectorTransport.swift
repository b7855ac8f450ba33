#if (DEBUG || InspectorInRelease) && canImport(Darwin)
import Foundation

/// The WebSocket transport of Apple platforms: `ws://HOST:PORT/app?token=T`, one text frame
/// per message, the hello first.
actor WebSocketInspectorTransport: InspectorTransport {
    private let url: URL
    private let session = URLSession(configuration: .ephemeral)
    private var task: URLSessionWebSocketTask?
    /// The key the inspector gave the current session (its first frame): a hello that names
    /// it continues the session after a lost connection.
    private var resumeKey: String?

    /// The largest frame the inspector's server takes, and the largest message the client
    /// sends: ``InspectorWire/messageBytes``.
    static let maximumMessageSize = InspectorWire.messageBytes

    init(url: URL, token: String) {
        var components = URLComponents(url: url.appendingPathComponent("app"), resolvingAgainstBaseURL: false)
        components?.scheme = url.scheme == "https" ? "wss" : "ws"
        components?.queryItems = [URLQueryItem(name: "token", value: token)]
        self.url = components?.url ?? url
    }

    func open(hello: Data) async throws {
        task?.cancel(with: .goingAway, reason: nil)
        let task = session.webSocketTask(with: url)
        // The server takes frames up to the wire's limit; URLSession's own limit is 1 MiB, too
        // small for a large state.
        task.maximumMessageSize = Self.maximumMessageSize
        self.task = task
        task.resume()
        try await task.send(
            .string(String(decoding: HTTPInspectorTransport.hello(hello, resuming: resumeKey), as: UTF8.self)))
        // The inspector's first frame names the session's key, or refuses the hello with its
        // reason (and closes the socket).
        let first: Data
        switch try await task.receive() {
        case .string(let text): first = Data(text.utf8)
        case .data(let bytes): first = bytes
        @unknown default: first = Data()
        }
        let object = (try? JSONSerialization.jsonObject(with: first)) as? [String: Any]
        switch object?["type"] as? String {
        case "session":
            resumeKey = object?["session"] as? String
        case "refused":
            throw InspectorHelloRefusal(
                reason: object?["reason"] as? String ?? "no reason given", retry: object?["retry"] as? Bool ?? false)
        default:
            throw URLError(.badServerResponse)
        }
    }

    /// A heartbeat every second: an open socket does not show whether the app is there (it may
    /// be frozen, or suspended in the background), and the inspector takes an app it has heard
    /// nothing from for 2.5 seconds for gone.
    nonisolated var heartbeat: Duration? { .seconds(1) }

    func send(_ messages: [Data]) async throws {
        guard let task else { throw URLError(.notConnectedToInternet) }
        for message in messages {
            try await task.send(.string(String(decoding: message, as: UTF8.self)))
        }
    }

    func receive() async throws -> [Data] {
        guard let task else { throw URLError(.notConnectedToInternet) }
        let data: Data
        switch try await task.receive() {
        case .string(let text): data = Data(text.utf8)
        case .data(let bytes): data = bytes
        @unknown default: return []
        }
        // The inspector's first frame names the session's key; it is kept, not handled.
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["type"] as? String == "session"
        {
            resumeKey = object["session"] as? String
            return []
        }
        return [data]
    }

    func close() async {
        task?.cancel(with: .normalClosure, reason: nil)
        task = nil
        resumeKey = nil
    }
}
#endif
