public import Foundation

/// The windows of an app, each with its own ``Flow`` and its own saved state.
///
/// ```swift
/// let scenes = try Scenes(
///     kinds: [
///         SceneKind("main", layout: AppLayout.main),
///         SceneKind("window", layout: .stack(.notes), reuse: .showing { $0.name == "note" }, maximumInstances: 8),
///     ],
///     providers: providers,
///     store: FileSceneStore(directory: appSupport.appending(path: "scenes")),
///     schemaVersion: 3
/// )
///
/// // A window connects (UISceneSession.persistentIdentifier, or a @SceneStorage key):
/// let connection = try scenes.connect(sceneID: session.persistentIdentifier, kind: "main")
/// // Something from outside arrives for a kind of window showing a route: which window takes it?
/// switch scenes.destination(forKind: "window", showing: .note(id: 12), external: true) {
/// case .existing(let sceneID): try scenes.perform(.presentation(.push(.note(id: 12))), in: sceneID)
/// case .openNewScene(let kind): requestSceneSessionActivation(kind)   // the platform opens it
/// case .unavailable(let kind, let problem): log(kind, problem)
/// }
/// // The platform discards windows:
/// scenes.discard(discardedIDs)
/// ```
///
/// Each window is keyed by the platform's persistent scene id. ``connect(sceneID:kind:)``
/// restores the window's own snapshot (``Restoration``: never throws, keeps what it can);
/// ``disconnect(_:)`` saves it and keeps it; ``discard(_:)`` deletes it. The core never opens a
/// window: it says which one should take a change, or that a new one is needed, and the adapter
/// asks the platform. The URL module routes links to windows with the same calls.
@MainActor
public final class Scenes<Route: NavigationRoute & Codable> {
    /// A connected window: its kind, its flow, and what restoring it kept.
    public struct Connection {
        /// The scene kind's name.
        public let kind: String
        /// The window's flow.
        public let flow: Flow<Route>
        /// What restoring the window's snapshot kept and dropped; complete and empty when
        /// there was no snapshot.
        public let report: RestorationReport
    }

    /// The scene kinds.
    public let kinds: [SceneKind<Route>]
    /// Where each window's snapshot is kept.
    public let store: any SceneStore
    /// Whether the platform shows several windows (iPad, Mac); when it does not, a change that
    /// would need a new window goes to the frontmost window of its kind.
    public var supportsMultipleScenes: Bool
    /// The connected windows by scene id.
    public private(set) var connections: [String: Connection] = [:]
    /// Scene ids, the most recently activated last.
    private var activation: [String] = []
    /// Each window's back and forward history over the requests it performed
    /// (``perform(_:in:)``), such as the links it opened.
    public private(set) var histories: [String: NavigationHistory<Route>] = [:]
    /// What every window's flow is made of; each window takes its kind's layout.
    public private(set) var configuration: FlowConfiguration<Route>
    private var providers: Providers<Route> { configuration.providers }
    private let configure: @MainActor (Flow<Route>, SceneKind<Route>) -> Void
    private let markerDirectory: URL?
    private let restorations: [String: Restoration<Route>]
    private let schemaVersion: Int
    /// Restored states an asynchronous guard must allow first, by scene id, for
    /// ``connectAwaitingGuards(sceneID:kind:)``.
    private var awaitingRestores: [String: NavigationState<Route>] = [:]

    /// Creates the registry.
    ///
    /// - Parameters:
    ///   - kinds: The scene kinds; names are unique.
    ///   - providers: The providers every window's flow builds Destinations with.
    ///   - store: Where snapshots are kept.
    ///   - schemaVersion: The app's schema version, written in every snapshot.
    ///   - migrations: The migrations snapshots from older versions need.
    ///   - supportsMultipleScenes: Whether the platform shows several windows.
    ///   - markerDirectory: Where to keep each window's ``CrashLoopBreaker`` marker; `nil` for
    ///     no breaker.
    ///   - configure: Runs on every new flow before its snapshot is restored or a launch request
    ///     performed: the place to set ``Flow/guards``, ``Flow/asyncGuards`` and
    ///     ``Flow/onRefusal``, so that restored screens and launch links meet the guards.
    ///   - policy: What restoring brings back of each route.
    /// - Throws: ``NavigationError/invalidLayout(_:)`` for a kind's layout that cannot be built.
    public init(
        kinds: [SceneKind<Route>],
        providers: Providers<Route>,
        store: any SceneStore,
        schemaVersion: Int = 1,
        migrations: [SnapshotMigration] = [],
        supportsMultipleScenes: Bool = true,
        markerDirectory: URL? = nil,
        configure: @escaping @MainActor (Flow<Route>, SceneKind<Route>) -> Void = { _, _ in },
        policy: @escaping @Sendable (Route) -> RestorationPolicy<Route> = { _ in .restore }
    ) throws(NavigationError) {
        self.configure = configure
        self.markerDirectory = markerDirectory
        self.kinds = kinds
        self.configuration = FlowConfiguration(layout: kinds.first?.layout ?? .stack([]), providers: providers)
        self.store = store
        self.schemaVersion = schemaVersion
        self.supportsMultipleScenes = supportsMultipleScenes
        var restorations: [String: Restoration<Route>] = [:]
        for kind in kinds {
            restorations[kind.name] = try Restoration(
                layout: kind.layout, schemaVersion: schemaVersion, migrations: migrations, policy: policy)
        }
        self.restorations = restorations
    }

    /// Creates the registry from the configuration the app and its tests share: every window's
    /// flow has its guards, asynchronous guards, limits, clock and logger, and its kind's layout.
    ///
    /// - Parameters:
    ///   - kinds: The scene kinds; names are unique.
    ///   - configuration: What every window's flow is made of; its layout is replaced by each
    ///     kind's.
    ///   - store: Where snapshots are kept.
    ///   - schemaVersion: The app's schema version, written in every snapshot.
    ///   - migrations: The migrations snapshots from older versions need.
    ///   - supportsMultipleScenes: Whether the platform shows several windows.
    ///   - markerDirectory: Where to keep each window's ``CrashLoopBreaker`` marker.
    ///   - policy: What restoring brings back of each route.
    /// - Throws: ``NavigationError/invalidLayout(_:)`` for a kind's layout that cannot be built.
    public convenience init(
        kinds: [SceneKind<Route>],
        configuration: FlowConfiguration<Route>,
        store: any SceneStore,
        schemaVersion: Int = 1,
        migrations: [SnapshotMigration] = [],
        supportsMultipleScenes: Bool = true,
        markerDirectory: URL? = nil,
        policy: @escaping @Sendable (Route) -> RestorationPolicy<Route> = { _ in .restore }
    ) throws(NavigationError) {
        try self.init(
            kinds: kinds, providers: configuration.providers, store: store,
            schemaVersion: schemaVersion, migrations: migrations, supportsMultipleScenes: supportsMultipleScenes,
            markerDirectory: markerDirectory, policy: policy)
        self.configuration = configuration
    }

    /// Connects a window: creates its flow and restores its snapshot, if it has one. The
    /// window becomes the frontmost.
    ///
    /// - Throws: ``SceneError/unknownKind(_:)``, ``SceneError/alreadyConnected(_:)``, or the
    ///   flow's own start error. A snapshot never makes it throw: what cannot come back is in
    ///   the connection's report, and a snapshot the flow refuses (a guard, a provider that
    ///   fails) leaves the initial state, reported as ``RestorationReport/usedInitialState``.
    ///
    /// At a cold start with a launch link, restore first, then perform the link's request as
    /// its own transaction (``perform(_:in:)``), so that a refused link leaves the restored
    /// state and ``back(_:)`` returns to it.
    @discardableResult
    public func connect(sceneID: String, kind name: String) throws(SceneError) -> Connection {
        guard let kind = kinds.first(where: { $0.name == name }), let restoration = restorations[name] else {
            throw .unknownKind(name)
        }
        guard connections[sceneID] == nil else { throw .alreadyConnected(sceneID) }
        let flow: Flow<Route>
        do throws(NavigationError) {
            var windowConfiguration = configuration
            windowConfiguration.layout = kind.layout
            flow = try Flow(windowConfiguration)
        } catch {
            throw .navigation(error)
        }
        configure(flow, kind)
        var report = RestorationReport()
        if let data = store.load(sceneID) {
            let breaker = markerDirectory.map {
                CrashLoopBreaker(
                    marker: FileSceneStore(directory: $0).file(sceneID).appendingPathExtension("restoring"))
            }
            if breaker?.beginRestoring() == false {
                report.issues.append(.skippedAfterCrash)
                report.usedInitialState = true
            } else {
                let providers = self.providers
                let isProvided: (Route) -> Bool = { providers.provider(for: $0) != nil }
                var restored = restoration.restore(data, isProvided: isProvided)
                report = restored.report
                if !restored.report.usedInitialState {
                    do throws(NavigationError) {
                        // A guard that denies some screens drops only those (a second read).
                        let outcome = try flow.restore(&restored, from: data, by: restoration, isProvided: isProvided)
                        report = restored.report
                        if case .redirected(let name) = outcome {
                            // The snapshot waits as the pending change behind the guard's redirect.
                            report.issues.append(.waitsForGuard(name))
                            report.restoredScreens = 0
                        }
                    } catch {
                        report = restored.report
                        if case .awaitsAsyncGuards = error { awaitingRestores[sceneID] = restored.state }
                        report.issues.append(.refused(error))
                        report.usedInitialState = true
                        report.restoredScreens = 0
                    }
                }
                breaker?.finishRestoring()
            }
        }
        let connection = Connection(kind: name, flow: flow, report: report)
        connections[sceneID] = connection
        activate(sceneID)
        return connection
    }

    /// Connects a window like ``connect(sceneID:kind:)``, asking the flow's
    /// ``Flow/asyncGuards`` where they watch what comes back: a snapshot that one of them
    /// watches is restored once they allow it (``Flow/performAwaitingGuards(_:)``) instead of
    /// falling back to the initial state. A launch request follows with
    /// ``performAwaitingGuards(_:in:)``.
    ///
    /// - Returns: The connection, with the report of the restore as it ended.
    /// - Throws: The errors of ``connect(sceneID:kind:)``, and ``SceneError/notConnected(_:)``
    ///   when the window was discarded or reconnected while the guards were asked.
    @discardableResult
    public func connectAwaitingGuards(sceneID: String, kind name: String) async throws(SceneError) -> Connection {
        var connection = try connect(sceneID: sceneID, kind: name)
        guard let state = awaitingRestores.removeValue(forKey: sceneID) else { return connection }
        var report = connection.report
        report.issues.removeAll { if case .refused(.awaitsAsyncGuards) = $0 { true } else { false } }
        do throws(NavigationError) {
            if case .redirected(let name) = try await connection.flow.performAwaitingGuards(.restore(state)) {
                report.issues.append(.waitsForGuard(name))
            } else {
                report.usedInitialState = false
                report.restoredScreens = connection.flow.state.screens.count
            }
        } catch {
            report.issues.append(.refused(error))
        }
        // The window may have been discarded or reconnected while the guards were asked.
        guard connections[sceneID]?.flow === connection.flow else { throw .notConnected(sceneID) }
        connection = Connection(kind: connection.kind, flow: connection.flow, report: report)
        connections[sceneID] = connection
        return connection
    }

    /// Performs a request in a connected window through its flow's pipeline
    /// (``Flow/perform(_:)``), recording the state before it in the window's history so that
    /// ``back(_:)`` returns there. A link is such a request.
    ///
    /// - Throws: ``SceneError/notConnected(_:)``, or ``SceneError/navigation(_:)`` with the
    ///   flow's refusal; the window's state and history are then unchanged.
    @discardableResult
    public func perform(_ request: ChangeRequest<Route>, in sceneID: String) throws(SceneError) -> ChangeOutcome<Route>
    {
        guard let flow = connections[sceneID]?.flow else { throw .notConnected(sceneID) }
        let before = flow.state
        do throws(NavigationError) {
            let outcome = try flow.perform(request)
            record(in: sceneID, from: before, to: flow.state)
            return outcome
        } catch {
            throw .navigation(error)
        }
    }

    /// Performs a request like ``perform(_:in:)`` after the flow's ``Flow/asyncGuards`` that
    /// watch it have allowed it (``Flow/performAwaitingGuards(_:)``).
    ///
    /// - Throws: as ``perform(_:in:)``; ``SceneError/notConnected(_:)`` also when the window
    ///   was disconnected, discarded or reconnected while the guards were asked: nothing is
    ///   then performed on its released flow, and nothing is recorded.
    @discardableResult
    public func performAwaitingGuards(_ request: ChangeRequest<Route>, in sceneID: String) async throws(SceneError)
        -> ChangeOutcome<Route>
    {
        guard let flow = connections[sceneID]?.flow else { throw .notConnected(sceneID) }
        var before = flow.state
        let outcome: ChangeOutcome<Route>
        do throws(NavigationError) {
            // History records from the state the change is performed from, after the guards
            // answered: changes made while they were asked stay in it.
            outcome = try await flow.performAwaitingGuards(request) { state in
                before = state
                return self.connections[sceneID]?.flow === flow
            }
        } catch {
            guard connections[sceneID]?.flow === flow else { throw .notConnected(sceneID) }
            throw .navigation(error)
        }
        record(in: sceneID, from: before, to: flow.state)
        return outcome
    }

    /// Records a request's change in a window's history, so that ``back(_:)`` returns before it.
    private func record(in sceneID: String, from before: NavigationState<Route>, to after: NavigationState<Route>) {
        guard after != before else { return }
        var history = histories[sceneID] ?? NavigationHistory()
        if history.current != before { history.record(before) }
        history.record(after)
        histories[sceneID] = history
    }

    /// Returns a window to the state before the last request it performed; `false` when there is
    /// none. Screens that did not change keep their Destinations.
    ///
    /// - Throws: The flow's refusal of the earlier state (a guard that now denies it).
    @discardableResult
    public func back(_ sceneID: String) throws(NavigationError) -> Bool {
        guard let flow = connections[sceneID]?.flow, var history = histories[sceneID] else { return false }
        // A change made in the app since the last request stands in for where it led: back
        // still returns to the state before the request.
        if history.current != flow.state { history.replaceCurrent(with: flow.state) }
        guard let previous = history.back() else { return false }
        try flow.restore(previous)
        histories[sceneID] = history
        return true
    }

    /// Returns a window to the state it went back from; `false` when there is none.
    ///
    /// - Throws: The flow's refusal of that state.
    @discardableResult
    public func forward(_ sceneID: String) throws(NavigationError) -> Bool {
        guard let flow = connections[sceneID]?.flow, var history = histories[sceneID] else { return false }
        // A change made since going back ends the way forward, as in a browser.
        guard history.current == flow.state else {
            history.record(flow.state)
            histories[sceneID] = history
            return false
        }
        guard let next = history.forward() else { return false }
        try flow.restore(next)
        histories[sceneID] = history
        return true
    }

    /// The flow of a connected window.
    public func flow(_ sceneID: String) -> Flow<Route>? {
        connections[sceneID]?.flow
    }

    /// Records that a window came to the front.
    public func activate(_ sceneID: String) {
        guard connections[sceneID] != nil else { return }
        activation.removeAll { $0 == sceneID }
        activation.append(sceneID)
    }

    /// Saves a connected window's state to the store.
    ///
    /// - Throws: ``SceneError/notConnected(_:)``, or the encoding error of a route.
    public func save(_ sceneID: String) throws {
        guard let connection = connections[sceneID] else { throw SceneError.notConnected(sceneID) }
        store.save(try NavigationSnapshot(connection.flow.state, schemaVersion: schemaVersion).encoded(), for: sceneID)
    }

    /// Disconnects a window the platform released but may bring back: its state is saved and
    /// its flow released.
    public func disconnect(_ sceneID: String) {
        try? save(sceneID)
        connections[sceneID] = nil
        histories[sceneID] = nil
        awaitingRestores[sceneID] = nil
        activation.removeAll { $0 == sceneID }
    }

    /// Forgets windows the user closed for good: their flows and their snapshots.
    public func discard(_ sceneIDs: some Sequence<String>) {
        for sceneID in sceneIDs {
            connections[sceneID] = nil
            histories[sceneID] = nil
            awaitingRestores[sceneID] = nil
            activation.removeAll { $0 == sceneID }
            store.delete(sceneID)
        }
    }

    /// Which window should take something meant for a scene of kind `name` showing `route`.
    ///
    /// - Parameters:
    ///   - name: The scene kind.
    ///   - route: The route the change leads to, for ``SceneKind/Reuse/showing(_:)``.
    ///   - external: Whether the change comes from outside the app.
    public func destination(forKind name: String, showing route: Route?, external: Bool) -> SceneDestination {
        guard let kind = kinds.first(where: { $0.name == name }) else { return .unavailable(kind: name, .unknownKind) }
        if external, !kind.acceptsExternalSources { return .unavailable(kind: name, .closedToExternalSources) }
        let instances = activation.filter { connections[$0]?.kind == name }
        let frontmost = instances.last
        let chosen: String?
        switch kind.reuse {
        case .frontmost:
            chosen = frontmost
        case .showing(let matches):
            chosen = route.flatMap { route in
                guard matches(route) else { return nil }
                return instances.last { sceneID in
                    connections[sceneID]?.flow.state.screens.contains { $0.route == route } == true
                }
            }
        case .new:
            chosen = nil
        }
        if let chosen { return .existing(sceneID: chosen) }
        if !supportsMultipleScenes {
            if let frontmost { return .existing(sceneID: frontmost) }
            return instances.isEmpty && connections.isEmpty
                ? .openNewScene(kind: name) : .unavailable(kind: name, .singleWindow)
        }
        if let limit = kind.maximumInstances, instances.count >= limit {
            return .unavailable(kind: name, .limitReached(limit))
        }
        return .openNewScene(kind: name)
    }
}

/// Which window should take a change, such as a link.
public enum SceneDestination: Hashable, Sendable {
    /// This connected window.
    case existing(sceneID: String)
    /// A new window of this kind: the adapter asks the platform to open one, carrying the
    /// change (a link and its source), and the new window performs it.
    case openNewScene(kind: String)
    /// No window can take it.
    case unavailable(kind: String, SceneError.Problem)
}

extension SceneError {
    /// Why no window can take a change.
    public enum Problem: Hashable, Sendable {
        /// No scene kind has that name.
        case unknownKind
        /// The kind has as many windows as it allows.
        case limitReached(Int)
        /// The kind takes nothing from outside the app.
        case closedToExternalSources
        /// The platform shows one window, and it is of another kind.
        case singleWindow
    }
}

/// Why a window could not connect or save.
public enum SceneError: Error, Hashable, Sendable {
    /// No scene kind has that name.
    case unknownKind(String)
    /// A window with that id is already connected.
    case alreadyConnected(String)
    /// No window with that id is connected.
    case notConnected(String)
    /// The window's flow could not start.
    case navigation(NavigationError)
}
