import Destinations
import Foundation

/// Connects a running ``Flow`` to the Flow Inspector: every change the flow makes or refuses
/// is sent there, and the inspector can restore any earlier state into the app.
///
/// ```swift
/// #if DEBUG
/// let inspector = FlowInspector.fromLaunchEnvironment(flow: flow, graph: FlowGraph(layout, providers: providers))
/// #endif
/// ```
///
/// The client only dials out; the app never listens. Its body is compiled in `DEBUG` builds,
/// or when the app enables the `InspectorInRelease` package trait; otherwise it keeps its API
/// and does nothing.
@MainActor
public final class FlowInspector<Route: NavigationRoute & Codable> {
    /// Where the client stands.
    public enum Status: Sendable, Equatable {
        /// Not started, or stopped.
        case idle
        /// Dialling the inspector, or waiting to dial again.
        case connecting
        /// A session is open.
        case connected
    }

    /// Where the client stands.
    public private(set) var status: Status = .idle
    /// How many events the rate cap coalesced away since the client started.
    public private(set) var droppedEvents = 0
    /// How many sessions the client opened; more than one means it reconnected.
    public private(set) var sessionsOpened = 0
    /// The configuration the client was made with.
    public let configuration: InspectorConfiguration

    #if DEBUG || InspectorInRelease
    /// Held weakly: the client never keeps a flow alive. When the flow goes (its scene closed),
    /// the client ends its session and its tasks, and is released with them.
    private weak var flow: Flow<Route>?
    private var graph: FlowGraph<Route>?
    private let encoder: InspectorEncoder<Route>
    private let transport: any InspectorTransport
    private var runTask: Task<Void, Never>?
    private var eventsTask: Task<Void, Never>?
    private var flushTask: Task<Void, Never>?
    private var outbox: [Data] = []
    private var outboxWaiter: CheckedContinuation<Void, Never>?
    private var rateCap: RateCap
    private var held: FlowEvent<Route>?
    private var heldSkipped = 0
    private var lastState: NavigationState<Route>?
    private var sessionEnded = false
    /// The most messages kept while the inspector is away; older ones go (a session opens
    /// with the current state anyway).
    private let outboxLimit = 1000
    #endif

    /// Creates a client; call ``connect()`` to start it.
    ///
    /// - Parameters:
    ///   - flow: The flow to inspect.
    ///   - configuration: The inspector's address, token and options.
    ///   - graph: The app's flow graph, drawn beside the state; the edges the app takes at run
    ///     time are added to it.
    ///   - router: The app's URL router, to show each state's canonical URL.
    ///   - redact: Replaces routes that carry personal data before anything leaves the app:
    ///     labels, renderings, states and URLs all use the redacted routes. A restore then
    ///     restores the redacted routes.
    ///   - transport: A transport to use instead of the configured one (tests).
    public init(
        flow: Flow<Route>,
        configuration: InspectorConfiguration,
        graph: FlowGraph<Route>? = nil,
        router: URLRouter<Route>? = nil,
        redact: (@Sendable (Route) -> Route)? = nil,
        transport: (any InspectorTransport)? = nil
    ) {
        self.configuration = configuration
        #if DEBUG || InspectorInRelease
        self.flow = flow
        self.graph = graph
        self.encoder = InspectorEncoder(redact: redact, router: router, scene: configuration.scene)
        self.rateCap = RateCap(limit: configuration.maxEventsPerSecond)
        self.transport = transport ?? Self.makeTransport(configuration)
        #endif
    }

    /// A connected client when `DESTINATIONS_INSPECTOR` and `DESTINATIONS_INSPECTOR_TOKEN` are
    /// set (an Xcode scheme, `simctl launch`, a shell); nil, doing nothing, when they are not.
    public static func fromLaunchEnvironment(
        flow: Flow<Route>,
        graph: FlowGraph<Route>? = nil,
        router: URLRouter<Route>? = nil,
        redact: (@Sendable (Route) -> Route)? = nil
    ) -> FlowInspector? {
        #if DEBUG || InspectorInRelease
        guard let configuration = InspectorConfiguration.fromEnvironment() else { return nil }
        let inspector = FlowInspector(flow: flow, configuration: configuration, graph: graph, router: router, redact: redact)
        inspector.connect()
        return inspector
        #else
        return nil
        #endif
    }

    /// Starts sending the flow's events, and reconnects with backoff whenever the inspector
    /// goes away. Calling it again does nothing.
    ///
    /// The client holds its flow weakly and runs until ``disconnect()`` or until the flow is
    /// gone, whichever comes first; keep the client for as long as the flow it watches.
    public func connect() {
        #if DEBUG || InspectorInRelease
        guard runTask == nil, let flow else { return }
        status = .connecting
        let events = flow.events(bufferingNewest: 1024)
        lastState = flow.state
        eventsTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.record(event)
            }
            // The stream ends when the flow is gone: so does the session.
            await self?.disconnect()
        }
        runTask = Task { [weak self] in await self?.run() }
        #endif
    }

    /// Stops the client and ends the session.
    public func disconnect() async {
        #if DEBUG || InspectorInRelease
        eventsTask?.cancel()
        runTask?.cancel()
        flushTask?.cancel()
        wakeSender()
        // A request in flight may not notice the cancellation at once; the session ends
        // without waiting for it.
        eventsTask = nil
        runTask = nil
        flushTask = nil
        status = .idle
        await transport.close()
        #endif
    }

    #if DEBUG || InspectorInRelease
    static func makeTransport(_ configuration: InspectorConfiguration) -> any InspectorTransport {
        #if canImport(Darwin)
        if configuration.transport == .webSocket {
            return WebSocketInspectorTransport(url: configuration.url, token: configuration.token)
        }
        #endif
        return HTTPInspectorTransport(url: configuration.url, token: configuration.token)
    }

    // MARK: - Events

    private func record(_ event: FlowEvent<Route>) {
        // `observe` returns every edge taken, known or not: the graph goes out (and the
        // inspector runs Graphviz) only when it learned one.
        if var graph, !graph.observe(event).isEmpty, graph.observedEdges.count != self.graph?.observedEdges.count {
            self.graph = graph
            enqueue(["type": "graph", "graph": InspectorEncoder<Route>.graph(graph)])
        }
        if event.refusal != nil {
            // A refusal is never coalesced away: the state held before it goes first, in order.
            if let held {
                self.held = nil
                send(held, skipped: heldSkipped)
                heldSkipped = 0
            }
            _ = rateCap.admit(at: .now)
            send(event, skipped: 0)
        } else if rateCap.admit(at: .now) {
            if held != nil {
                // A newer state supersedes the held one.
                held = nil
                droppedEvents += 1
                heldSkipped += 1
            }
            send(event, skipped: heldSkipped)
            heldSkipped = 0
        } else {
            if held != nil {
                droppedEvents += 1
                heldSkipped += 1
            }
            held = event
            scheduleFlush()
        }
    }

    private func send(_ event: FlowEvent<Route>, skipped: Int) {
        let message = encoder.event(
            sequence: event.sequence, kind: nil, cause: event.cause, changes: event.changes,
            state: event.state, previous: lastState, refusal: event.refusal, skipped: skipped
        )
        lastState = event.state
        enqueue(message)
    }

    private func scheduleFlush() {
        guard flushTask == nil, let end = rateCap.windowEnd else { return }
        flushTask = Task { [weak self] in
            try? await Task.sleep(until: end, clock: .continuous)
            guard let self, !Task.isCancelled else { return }
            self.flushTask = nil
            if let held = self.held, self.rateCap.admit(at: .now) {
                self.held = nil
                self.send(held, skipped: self.heldSkipped)
                self.heldSkipped = 0
            } else if self.held != nil {
                self.scheduleFlush()
            }
        }
    }

    private func enqueue(_ message: [String: Any]) {
        outbox.append(InspectorEncoder<Route>.data(message))
        if outbox.count > outboxLimit { outbox.removeFirst(outbox.count - outboxLimit) }
        wakeSender()
    }

    private func wakeSender() {
        outboxWaiter?.resume()
        outboxWaiter = nil
    }

    // MARK: - Session

    private func run() async {
        var attempt = 0
        while !Task.isCancelled {
            status = .connecting
            do {
                let hello = encoder.hello(app: configuration.app, canRestore: configuration.allowRestore, graph: graph, testSetup: configuration.testSetup)
                try await transport.open(hello: InspectorEncoder<Route>.data(hello))
                guard !Task.isCancelled else {
                    // `disconnect()` came while the session was opening, and has already closed
                    // the transport: close the session that opened since, and stay idle.
                    await transport.close()
                    break
                }
                sessionsOpened += 1
                attempt = 0
                status = .connected
                outbox.removeAll()
                guard let state = flow?.state else { break }
                enqueue(encoder.event(
                    sequence: 0, kind: "connect", cause: nil, changes: nil,
                    state: state, previous: nil, refusal: nil, skipped: 0
                ))
                sessionEnded = false
                let receiver = Task { [weak self] in
                    do { try await self?.receiveLoop() } catch {}
                    self?.sessionEnded = true
                    self?.wakeSender()
                }
                defer { receiver.cancel() }
                try await sendLoop()
            } catch {
                // The inspector went away or refused the session: dial again after a pause.
            }
            guard !Task.isCancelled else { break }
            status = .connecting
            attempt += 1
            try? await Task.sleep(for: Self.backoff(attempt))
        }
    }

    /// The pause before the `attempt`th reconnection: 0.25 s doubling up to 5 s.
    static func backoff(_ attempt: Int) -> Duration {
        .milliseconds(min(5000, 250 << min(attempt - 1, 5)))
    }

    private func sendLoop() async throws {
        while !Task.isCancelled && !sessionEnded {
            if outbox.isEmpty {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        if outbox.isEmpty && !Task.isCancelled && !sessionEnded {
                            outboxWaiter = continuation
                        } else {
                            continuation.resume()
                        }
                    }
                } onCancel: {
                    Task { @MainActor [weak self] in self?.wakeSender() }
                }
                continue
            }
            let batch = outbox
            outbox.removeAll()
            try await transport.send(batch)
        }
        throw CancellationError()
    }

    private func receiveLoop() async throws {
        while !Task.isCancelled {
            for command in try await transport.receive() {
                if let reply = handle(command) { enqueue(reply) }
            }
        }
        throw CancellationError()
    }

    /// Runs one request from the inspector and returns the answer.
    func handle(_ command: Data) -> [String: Any]? {
        guard let object = try? JSONSerialization.jsonObject(with: command) as? [String: Any],
              object["type"] as? String == "restore"
        else { return nil }
        let request = object["request"] ?? NSNull()
        switch restore(object["state"]) {
        case .success:
            return ["type": "result", "request": request, "ok": true]
        case .failure(let error):
            return ["type": "result", "request": request, "ok": false, "error": ["code": error.code, "message": error.description]]
        }
    }

    private func restore(_ state: Any?) -> Result<Void, InspectorRestoreError> {
        guard configuration.allowRestore else { return .failure(.notAllowed) }
        guard let state, JSONSerialization.isValidJSONObject(state), let data = try? JSONSerialization.data(withJSONObject: state) else {
            return .failure(.undecodable("no state"))
        }
        let saved: NavigationState<Route>
        do {
            saved = try JSONDecoder().decode(NavigationState<Route>.self, from: data)
        } catch {
            return .failure(.undecodable("\(error)"))
        }
        guard let flow else { return .failure(.refused("the flow is gone")) }
        do {
            try flow.restore(saved)
        } catch {
            return .failure(.refused("\(error)"))
        }
        return .success(())
    }
    #endif
}
