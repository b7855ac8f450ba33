public import Foundation

/// Where a ``FlowInspector`` connects, and how.
public struct InspectorConfiguration: Sendable {
    /// How the client talks to the inspector.
    public enum Transport: Sendable, Hashable {
        /// HTTP batches and a long poll; works everywhere, including Linux.
        case http
        /// One WebSocket (Apple platforms only; elsewhere it falls back to HTTP).
        case webSocket
        /// A WebSocket on Apple platforms, HTTP elsewhere (Foundation on Linux has no
        /// WebSockets).
        case automatic

        /// Whether this platform's Foundation has WebSockets.
        static var webSocketsAvailable: Bool {
            #if canImport(Darwin)
            true
            #else
            false
            #endif
        }

        /// The transport the client uses: `.http` or `.webSocket`.
        func resolved(webSocketsAvailable: Bool = Self.webSocketsAvailable) -> Transport {
            switch self {
            case .http: .http
            case .webSocket, .automatic: webSocketsAvailable ? .webSocket : .http
            }
        }
    }

    /// The inspector's address: `http://127.0.0.1:8765`.
    public var url: URL
    /// The pairing token the inspector printed when it started.
    public var token: String
    /// The app's name, shown in the inspector's header.
    public var app: String
    /// The scene this flow drives, for apps with several windows.
    public var scene: String
    /// The transport to use.
    public var transport: Transport
    /// Whether the inspector may restore states into the app; `false` makes the client
    /// read-only.
    public var allowRestore: Bool
    /// At most this many events a second are sent; above it, the client coalesces: it sends
    /// the latest state with a count of the events it skipped. Seconds are the flow's
    /// (``/Destinations/FlowConfiguration/clock``).
    public var maxEventsPerSecond: Int
    /// How a test builds this app's flow, for the inspector's "copy as test".
    public var testSetup: TestSetup?
    /// Where the client says why it is not connected, or why the inspector refused a
    /// message: a line to print. Standard error, prefixed `FlowInspector:`, by default.
    public var report: @Sendable (String) -> Void

    /// Swift expressions that build the app's flow in a test: the inspector writes them into
    /// the `FlowHarness` test it makes of a session.
    public struct TestSetup: Sendable, Hashable {
        /// The module that defines the routes and providers: `NotesApp`.
        public var module: String
        /// The first layout: `NotesAppConfiguration.layout`.
        public var layout: String
        /// The providers: `NotesAppConfiguration.providers(datasource: NotesDatasource())`.
        public var providers: String

        /// Creates a test setup from Swift expressions.
        public init(module: String, layout: String, providers: String) {
            self.module = module
            self.layout = layout
            self.providers = providers
        }
    }

    /// Creates a configuration.
    public init(
        url: URL,
        token: String,
        app: String = ProcessInfo.processInfo.processName,
        scene: String = "main",
        transport: Transport = .automatic,
        allowRestore: Bool = true,
        maxEventsPerSecond: Int = 120,
        testSetup: TestSetup? = nil,
        report: @escaping @Sendable (String) -> Void = InspectorConfiguration.printToStandardError
    ) {
        self.url = url
        self.token = token
        self.app = app
        self.scene = scene
        self.transport = transport
        self.allowRestore = allowRestore
        self.maxEventsPerSecond = max(1, maxEventsPerSecond)
        self.testSetup = testSetup
        self.report = report
    }

    /// Prints a line to standard error, prefixed `FlowInspector:`.
    public static func printToStandardError(_ line: String) {
        FileHandle.standardError.write(Data("FlowInspector: \(line)\n".utf8))
    }

    /// Reads `DESTINATIONS_INSPECTOR` (the inspector's address) and
    /// `DESTINATIONS_INSPECTOR_TOKEN` from an environment; nil when either is absent.
    ///
    /// - Parameters:
    ///   - environment: The variables to read; the process's by default.
    ///   - app: The app's name.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        app: String = ProcessInfo.processInfo.processName
    ) -> InspectorConfiguration? {
        guard let address = environment["DESTINATIONS_INSPECTOR"], let url = URL(string: address),
            let token = environment["DESTINATIONS_INSPECTOR_TOKEN"], !token.isEmpty
        else { return nil }
        return InspectorConfiguration(url: url, token: token, app: app)
    }
}

/// Why the inspector's restore request was refused, as the app answers it.
public enum InspectorRestoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The client was configured with ``InspectorConfiguration/allowRestore`` off.
    case notAllowed
    /// The state could not be decoded as this app's navigation state.
    case undecodable(String)
    /// The flow refused the state.
    case refused(String)

    /// A short code for the protocol: `notAllowed`, `undecodable`, `refused`.
    public var code: String {
        switch self {
        case .notAllowed: "notAllowed"
        case .undecodable: "undecodable"
        case .refused: "refused"
        }
    }

    /// The error as the inspector shows it.
    public var description: String {
        switch self {
        case .notAllowed: "restore is not allowed by this app"
        case .undecodable(let reason): "undecodable state: \(reason)"
        case .refused(let reason): "refused: \(reason)"
        }
    }
}

/// How a ``FlowInspector`` reaches the inspector. The client ships HTTP and WebSocket
/// transports; tests inject their own.
///
/// Every message is one JSON object, encoded as UTF-8 data.
public protocol InspectorTransport: Sendable {
    /// Opens a session with the hello message.
    ///
    /// Throws ``InspectorHelloRefusal`` when the inspector answered and refused the hello
    /// itself (too large, malformed): the client then says hello once more without its flow
    /// graph, and stops if that is refused too, instead of dialling again. A refusal that says
    /// to try later (``InspectorHelloRefusal/retry``: too many sessions) is dialled again
    /// with backoff.
    func open(hello: Data) async throws
    /// Sends messages, in order.
    ///
    /// Throws ``InspectorMessageRefusals`` when the inspector took the batch but refused some
    /// of its messages, saying why: the client reports them and does not send them again.
    func send(_ messages: [Data]) async throws
    /// Waits for the inspector's next requests; an empty array when none came in time.
    func receive() async throws -> [Data]
    /// Ends the session.
    func close() async
    /// How often the client tells the inspector it is there while nothing else goes, or nil
    /// when the transport shows it by itself (the HTTP transport's long poll). A transport
    /// whose connection stays open while the app is frozen or suspended (a WebSocket) needs
    /// one: the inspector shows an app it has heard nothing from for 2.5 seconds as gone.
    var heartbeat: Duration? { get }
}

extension InspectorTransport {
    /// No heartbeat: the transport shows by itself that the app is there.
    public var heartbeat: Duration? { nil }
}

/// The inspector refused an app's hello, and said why: dialling again with the same hello
/// would be refused again, unless the inspector said to try later (``retry``).
public struct InspectorHelloRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The inspector's reason: `hello: 600000 bytes, more than the 524288 a message may have`.
    public let reason: String
    /// Whether the same hello may pass later: the inspector is full, not the hello at fault.
    /// The client then dials again with backoff, and says why it waits.
    public let retry: Bool

    /// Creates a refusal with the inspector's reason.
    public init(reason: String, retry: Bool = false) {
        self.reason = reason
        self.retry = retry
    }

    /// The refusal as the client reports it.
    public var description: String { "the inspector refused the hello: \(reason)" }
}

/// The inspector took a batch of messages but refused some of them, each with its reason
/// (too large, the wrong shape): sending them again would be refused again.
public struct InspectorMessageRefusals: Error, Sendable, Equatable, CustomStringConvertible {
    /// The inspector's reasons, in the batch's order.
    public let reasons: [String]

    /// Creates refusals with the inspector's reasons.
    public init(reasons: [String]) {
        self.reasons = reasons
    }

    /// The refusals as the client reports them.
    public var description: String { "the inspector refused a message: \(reasons.joined(separator: "; "))" }
}
