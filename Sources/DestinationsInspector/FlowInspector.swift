public import Destinations
public import DestinationsURLs
import Foundation

/// Connects a running ``/Destinations/Flow`` to the Flow Inspector: every change the flow makes or refuses
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
        /// Not connected, and dialling again with backoff: the inspector is full (it said so),
        /// or did not answer. The reason says which; the client also reports it
        /// (``InspectorConfiguration/report``).
        case waiting(reason: String)
        /// The inspector refused the app's hello, even without its flow graph, and said why:
        /// the client stopped rather than be refused again and again.
        case refused(reason: String)
    }

    /// Where the client stands.
    public private(set) var status: Status = .idle
    /// How many events the rate cap coalesced away since the client started.
    public private(set) var droppedEvents = 0
    /// How many sessions the client opened; more than one means it reconnected.
    public private(set) var sessionsOpened = 0
    /// The reasons the inspector gave for refusing the app's hellos, oldest first. A hello
    /// refused with the flow graph is said again without it (the page then has no graph);
    /// one refused without it stops the client (``Status/refused(reason:)``).
    public private(set) var helloRefusals: [String] = []
    /// Why messages were not sent or were refused by the inspector, oldest first (the last 16):
    /// a message over ``InspectorWire/messageBytes`` is never sent, and one the inspector
    /// refuses is not sent again. Each is also reported (``InspectorConfiguration/report``).
    public private(set) var messageRefusals: [String] = []
    /// The configuration the client was made with.
    public let configuration: InspectorConfiguration

    #if DEBUG || InspectorInRelease
    private let flow: Flow<Route>
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
    private let clock = TransactionClock<Route>()
    private let waitingWatch = WaitingWatch<Route>()
    /// Timings of events not sent yet (held by the rate cap), by sequence number.
    private var timings: [UInt64: TransactionTiming] = [:]
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
    ///   - router: The app's URL router, to show each state's canonical URL and to open the
    ///     URLs the page asks for; without one, the page cannot open URLs.
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
        let inspector = FlowInspector(
            flow: flow, configuration: configuration, graph: graph, router: router, redact: redact)
        inspector.connect()
        return inspector
        #else
        return nil
        #endif
    }

    /// Starts sending the flow's events, and reconnects with backoff whenever the inspector
    /// goes away. Calling it again does nothing.
    public func connect() {
        #if DEBUG || InspectorInRelease
        guard runTask == nil else { return }
        status = .connecting
        let events = flow.events(bufferingNewest: 1024)
        lastState = flow.state
        clock.start(flow)
        waitingWatch.start(flow) { [weak self] items in self?.sendWaiting(items) }
        eventsTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.record(event)
            }
        }
        // The session's tasks hold the client weakly: dropping the last reference to it ends
        // them (see `deinit`), as `disconnect()` does.
        let client = WeakClient(client: self)
        let transport = transport
        runTask = Task { await Self.run(client, transport: transport) }
        #endif
    }

    deinit {
        #if DEBUG || InspectorInRelease
        eventsTask?.cancel()
        runTask?.cancel()
        flushTask?.cancel()
        outboxWaiter?.resume()
        #endif
    }

    /// Stops the client and ends the session.
    public func disconnect() async {
        #if DEBUG || InspectorInRelease
        clock.stop(flow)
        waitingWatch.stop()
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
        if configuration.transport.resolved() == .webSocket {
            return WebSocketInspectorTransport(url: configuration.url, token: configuration.token)
        }
        #endif
        return HTTPInspectorTransport(url: configuration.url, token: configuration.token)
    }

    // MARK: - Events

    private func record(_ event: FlowEvent<Route>) {
        if let timing = clock.timing(of: event) {
            timings[event.sequence] = timing
            if timings.count > 256, let oldest = timings.keys.min() { timings[oldest] = nil }
        }
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
            _ = rateCap.admit(at: flow.configuration.now())
            send(event, skipped: 0)
        } else if rateCap.admit(at: flow.configuration.now()) {
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
            state: event.state, previous: lastState, refusal: event.refusal, skipped: skipped,
            timing: timings.removeValue(forKey: event.sequence), replayable: replayable(event.cause)
        )
        lastState = event.state
        enqueue(message)
    }

    /// Whether a test can send the cause's event again by name, without content, and get the
    /// same change: its provider answers it with a fixed presentation, or with an assistant
    /// of the whole event (``EventResponse/assist(_:)``, which reads the Destination); an
    /// event answered from its typed content (`.handOff { note in … }`) cannot be sent again
    /// without it, and its presentation is replayed instead. Never with redaction, whose event
    /// names leave values out. A replay that differs fails the test's checkpoint.
    private func replayable(_ cause: FlowEvent<Route>.Cause) -> Bool {
        guard encoder.redact == nil, case .event(let event, let route, _, _) = cause,
            let provider = flow.configuration.providers.provider(for: route)
        else { return false }
        let name = "\(event)"
        return provider.presentations.contains { entry in
            entry.event == name && (entry.presentation != nil || entry.response == "assistant(EventInput)")
        }
    }

    /// Tells the inspector what the flow waits on now; an empty list clears it. Never held by
    /// the rate cap: a wait starts and ends once.
    private func sendWaiting(_ items: [Flow<Route>.WaitingWork]) {
        enqueue(encoder.waiting(items, now: flow.configuration.now()))
    }

    private func scheduleFlush() {
        guard flushTask == nil, let end = rateCap.windowEnd else { return }
        // Time is the flow's clock: a test that holds its clock still holds the window open.
        let clock = flow.configuration.clock
        let wait = end - flow.configuration.now()
        flushTask = Task { [weak self] in
            try? await clock.sleep(for: wait)
            guard let self, !Task.isCancelled else { return }
            self.flushTask = nil
            if let held = self.held, self.rateCap.admit(at: self.flow.configuration.now()) {
                self.held = nil
                self.send(held, skipped: self.heldSkipped)
                self.heldSkipped = 0
            } else if self.held != nil {
                self.scheduleFlush()
            }
        }
    }

    private func enqueue(_ message: [String: Any]) {
        let data = InspectorEncoder<Route>.data(message)
        // The inspector would refuse it, and a socket would close over it: it is reported and
        // never sent, so that no batch is refused again and again.
        guard data.count <= InspectorWire.messageBytes else {
            let name =
                message["seq"].map { "\(message["type"] ?? "message") #\($0)" } ?? "\(message["type"] ?? "message")"
            return refusedMessages(["\(name) was not sent: \(InspectorWire.tooLarge(data.count))"])
        }
        outbox.append(data)
        if outbox.count > outboxLimit { outbox.removeFirst(outbox.count - outboxLimit) }
        wakeSender()
    }

    /// Notes and reports messages that were not sent, or that the inspector refused.
    private func refusedMessages(_ reasons: [String]) {
        messageRefusals = Array((messageRefusals + reasons).suffix(16))
        for reason in reasons { configuration.report(reason) }
    }

    /// Notes why the client is not connected, and reports it when the reason changed.
    private func waiting(_ reason: String) {
        if status != .waiting(reason: reason) { configuration.report("not connected: \(reason)") }
        status = .waiting(reason: reason)
    }

    private func wakeSender() {
        outboxWaiter?.resume()
        outboxWaiter = nil
    }

    // MARK: - Session

    /// The client, as the session's tasks hold it: weakly, so that they never keep it alive.
    struct WeakClient: Sendable {
        weak var client: FlowInspector?
    }

    /// What the send loop does next.
    enum Outgoing {
        case ended
        case empty
        case batch([Data])
    }

    private static func run(_ ref: WeakClient, transport: any InspectorTransport) async {
        var attempt = 0
        while !Task.isCancelled {
            guard let hello = ref.client?.openingHello() else { break }
            do {
                try await transport.open(hello: hello)
                guard !Task.isCancelled, ref.client?.sessionOpened() == true else {
                    // `disconnect()` came while the session was opening, and has already closed
                    // the transport, or the client is gone: close the session that opened since.
                    await transport.close()
                    break
                }
                attempt = 0
                let receiver = Task { await Self.receiveLoop(ref, transport: transport) }
                let heartbeat = transport.heartbeat.map { interval in
                    Task { await Self.heartbeatLoop(ref, every: interval) }
                }
                defer {
                    receiver.cancel()
                    heartbeat?.cancel()
                }
                try await sendLoop(ref, transport: transport)
            } catch let refusal as InspectorHelloRefusal where refusal.retry {
                // The inspector is full: the same hello may pass when a session ends. Dial
                // again with backoff, saying why.
                guard let client = ref.client, !Task.isCancelled else { break }
                client.helloRefusals = Array((client.helloRefusals + [refusal.reason]).suffix(16))
                client.waiting(refusal.reason)
                attempt += 1
                try? await Task.sleep(for: backoff(attempt))
                continue
            } catch let refusal as InspectorHelloRefusal {
                // The inspector answered and refused this hello: the same hello would be refused
                // again. Without its graph (the usual reason: too large) it may pass; else stop.
                guard let client = ref.client, !Task.isCancelled else { break }
                if client.refused(refusal) { continue }
                return
            } catch {
                // The inspector went away or ended the session: dial again after a pause.
                if ref.client?.status != .connected {
                    ref.client?.waiting("no answer from the inspector at \(transportDescription(ref)): \(error)")
                }
            }
            guard !Task.isCancelled, ref.client != nil else { break }
            if ref.client?.status == .connected { ref.client?.status = .connecting }
            attempt += 1
            try? await Task.sleep(for: backoff(attempt))
        }
        // A client that was let go without `disconnect()` still ends its session.
        if ref.client == nil { await transport.close() }
    }

    /// The inspector's address, as the client reports it.
    private static func transportDescription(_ ref: WeakClient) -> String {
        ref.client?.configuration.url.absoluteString ?? "(gone)"
    }

    /// Notes a refused hello; true when the client says hello again at once, without its
    /// graph, false when it stops.
    private func refused(_ refusal: InspectorHelloRefusal) -> Bool {
        helloRefusals.append(refusal.reason)
        configuration.report(refusal.description)
        if graph != nil {
            // The graph's later updates would be refused too: the session goes without it.
            graph = nil
            return true
        }
        status = .refused(reason: refusal.reason)
        runTask = nil
        return false
    }

    /// Tells the inspector the app is there, every `interval`, while the session is open.
    private static func heartbeatLoop(_ ref: WeakClient, every interval: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard !Task.isCancelled, let client = ref.client else { return }
            client.enqueue(["type": "heartbeat"])
        }
    }

    private func openingHello() -> Data {
        // A client waiting says why until a session opens.
        if case .waiting = status {} else { status = .connecting }
        return InspectorEncoder<Route>.data(
            encoder.hello(
                app: configuration.app, canRestore: configuration.allowRestore, graph: graph,
                testSetup: configuration.testSetup)
        )
    }

    /// Starts a session that just opened with the current state; always true.
    private func sessionOpened() -> Bool {
        // Messages kept while the inspector was away (a batch whose send failed among them) go
        // first, then the state as it is now; a first session starts from that state alone.
        if sessionsOpened == 0 { outbox.removeAll() }
        sessionsOpened += 1
        status = .connected
        enqueue(
            encoder.event(
                sequence: 0, kind: "connect", cause: nil, changes: nil,
                state: flow.state, previous: nil, refusal: nil, skipped: 0
            ))
        // A session that opens while the flow waits shows the wait at once.
        if !flow.waitingWork.isEmpty { sendWaiting(flow.waitingWork) }
        sessionEnded = false
        return true
    }

    /// The pause before the `attempt`th reconnection: 0.25 s doubling up to 5 s.
    static func backoff(_ attempt: Int) -> Duration {
        .milliseconds(min(5000, 250 << min(attempt - 1, 5)))
    }

    private func nextOutgoing() -> Outgoing {
        if sessionEnded { return .ended }
        if outbox.isEmpty { return .empty }
        defer { outbox.removeAll() }
        return .batch(outbox)
    }

    /// Puts back a batch whose send failed, in front of what came since: it goes when the
    /// session opens again.
    private func requeue(_ batch: [Data]) {
        outbox.insert(contentsOf: batch, at: 0)
        if outbox.count > outboxLimit { outbox.removeFirst(outbox.count - outboxLimit) }
    }

    private func waitForOutbox(_ continuation: CheckedContinuation<Void, Never>) {
        if outbox.isEmpty && !Task.isCancelled && !sessionEnded {
            outboxWaiter = continuation
        } else {
            continuation.resume()
        }
    }

    private static func sendLoop(_ ref: WeakClient, transport: any InspectorTransport) async throws {
        while !Task.isCancelled {
            switch ref.client?.nextOutgoing() ?? .ended {
            case .ended:
                throw CancellationError()
            case .batch(let batch):
                do {
                    try await transport.send(batch)
                } catch let refusals as InspectorMessageRefusals {
                    // Taken, but for the messages the inspector refused: they would be refused
                    // again, so they are reported, not sent again.
                    ref.client?.refusedMessages(refusals.reasons)
                } catch {
                    ref.client?.requeue(batch)
                    throw error
                }
            case .empty:
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        if let client = ref.client { client.waitForOutbox(continuation) } else { continuation.resume() }
                    }
                } onCancel: {
                    Task { @MainActor in ref.client?.wakeSender() }
                }
            }
        }
        throw CancellationError()
    }

    private static func receiveLoop(_ ref: WeakClient, transport: any InspectorTransport) async {
        do {
            while !Task.isCancelled && ref.client != nil {
                for command in try await transport.receive() {
                    if let reply = ref.client?.handle(command) { ref.client?.enqueue(reply) }
                }
            }
        } catch {}
        ref.client?.sessionEnded = true
        ref.client?.wakeSender()
    }

    /// Runs one request from the inspector and returns the answer.
    func handle(_ command: Data) -> [String: Any]? {
        guard let object = try? JSONSerialization.jsonObject(with: command) as? [String: Any] else { return nil }
        let request = object["request"] ?? NSNull()
        if object["type"] as? String == "open", let url = object["url"] as? String {
            switch openURL(url) {
            case .success(let outcome):
                return ["type": "result", "kind": "open", "request": request, "ok": true, "outcome": outcome]
            case .failure(let error):
                return [
                    "type": "result", "kind": "open", "request": request, "ok": false,
                    "error": ["code": error.code, "message": error.description],
                ]
            }
        }
        guard object["type"] as? String == "restore" else { return nil }
        switch restore(object["state"]) {
        case .success:
            return ["type": "result", "request": request, "ok": true]
        case .failure(let error):
            return [
                "type": "result", "request": request, "ok": false,
                "error": ["code": error.code, "message": error.description],
            ]
        }
    }

    /// Opens a URL the inspector's page asked for, as an external link of unknown origin,
    /// through the flow's one door for URLs: its guards, access rules and interruption
    /// policies apply as to any link. The only place the client opens URLs.
    private func openURL(_ url: String) -> Result<String, InspectorRestoreError> {
        guard configuration.allowRestore else { return .failure(.notAllowed) }
        do {
            guard let router = encoder.router else {
                return .failure(.refused("the inspector was given no URL router"))
            }
            let outcome = try FlowURLs(flow, router: router, scene: configuration.scene).open(
                url, source: .external(.unknown))
            return .success(Self.name(of: outcome))
        } catch {
            return .failure(.refused(encoder.redact == nil ? "\(error)" : String("\(error)".prefix { $0 != "(" })))
        }
    }

    /// An outcome's case name: `applied`, `deferred`, `redirected`.
    static func name(of outcome: DeepLinkOutcome<Route>) -> String {
        String("\(outcome)".prefix { $0 != "(" })
    }

    private func restore(_ state: Any?) -> Result<Void, InspectorRestoreError> {
        guard configuration.allowRestore else { return .failure(.notAllowed) }
        guard let state, JSONSerialization.isValidJSONObject(state),
            let data = try? JSONSerialization.data(withJSONObject: state)
        else {
            return .failure(.undecodable("no state"))
        }
        let saved: NavigationState<Route>
        do {
            saved = try JSONDecoder().decode(NavigationState<Route>.self, from: data)
        } catch {
            return .failure(.undecodable("\(error)"))
        }
        do {
            try flow.restore(saved)
        } catch {
            // The flow's reason quotes routes and values; with redaction, only its case goes.
            return .failure(.refused(encoder.redact == nil ? "\(error)" : InspectorEncoder<Route>.code(of: error)))
        }
        return .success(())
    }
    #endif
}
