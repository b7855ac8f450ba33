import Destinations
import Foundation
import Testing

// Shared fixtures: a small route enum, a Destination that logs its lifecycle into a shared
// log, and builders for providers and flows.

/// The routes of the test app. `.failing` has a provider that throws; `.unprovided` has none.
enum TestRoute: NavigationRoute, Codable {
    case home, list
    case detail(Int)
    case settings, about, menu
    case content(Int)
    case editor, confirm, choice, login
    case failing, unprovided
}

extension TabID {
    static let inbox: TabID = "inbox"
    static let profile: TabID = "profile"
    static let search: TabID = "search"
}

enum FixtureError: Error, CustomStringConvertible {
    case refused
    var description: String { "refused" }
}

/// Records lifecycle calls, in order, and keeps a weak reference to every Destination built.
@MainActor
final class Log {
    private(set) var entries: [String] = []
    private var weakScreens: [(route: TestRoute, ref: WeakScreen)] = []

    func record(_ entry: String) { entries.append(entry) }

    /// Returns the entries recorded so far and forgets them.
    func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }

    func built(_ screen: Screen) { weakScreens.append((screen.route, WeakScreen(screen))) }

    /// How many Destinations were built, alive or not.
    var builtCount: Int { weakScreens.count }

    /// The routes of the Destinations still alive, in the order they were built.
    var alive: [TestRoute] { weakScreens.filter { $0.ref.object != nil }.map(\.route) }
}

struct WeakScreen {
    weak var object: Screen?
    init(_ object: Screen) { self.object = object }
}

/// A Destination that logs `prepare`, `appear`, `disappear` and `cleanup` with its route.
@MainActor
final class Screen: Destination {
    enum Event: Hashable, Sendable {
        case next, close, back
        case choose(Carrying<Int>)
        case signOut, unset, custom
    }
    let context = DestinationContext<TestRoute, Event>()
    let route: TestRoute
    let log: Log
    var result: Int?

    init(_ route: TestRoute, log: Log) {
        self.route = route
        self.log = log
        log.built(self)
    }

    func prepareForPresentation() { log.record("prepare \(route)") }
    func didAppear() { log.record("appear \(route)") }
    func didDisappear() { log.record("disappear \(route)") }
    func cleanup() { log.record("cleanup \(route)") }
}

/// The events every test screen has, unless a test configures its own.
func standardEvents(_ events: inout EventTable<Screen>) {
    events.on(.next, .present(.push(.detail(1))))
    events.on(.close, .present(.dismiss))
    events.on(.back, .present(.back))
    events.on(.choose, .present { (number: Int) in .push(.detail(number)) })
    events.on(.signOut, .present(.replaceRoot(.stack(.login))))
}

/// A provider of ``Screen``s; the route `.failing` makes it throw.
@MainActor
func screenProvider(
    log: Log,
    events: (inout EventTable<Screen>) -> Void = standardEvents
) -> Provider<TestRoute> {
    Provider { (route: TestRoute) -> Screen in
        if route == .failing { throw FixtureError.refused }
        return Screen(route, log: log)
    } events: { table in
        events(&table)
    }
}

/// Providers for every route but `.unprovided`.
@MainActor
func testProviders(
    log: Log,
    events: (inout EventTable<Screen>) -> Void = standardEvents
) -> Providers<TestRoute> {
    let provider = screenProvider(log: log, events: events)
    return Providers { route in route == .unprovided ? nil : provider }
}

/// A flow showing `layout`, with ``testProviders(log:events:)``.
@MainActor
func makeFlow(
    _ layout: Layout<TestRoute>,
    log: Log = Log(),
    ids: some ElementIDGenerator = SequentialElementIDs(),
    logger: FlowLogger = .disabled
) throws -> Flow<TestRoute> {
    try Flow(layout, providers: testProviders(log: log), ids: ids, logger: logger)
}

/// A tab bar of three tabs: inbox and profile hold stacks, search a single screen.
let threeTabs: Layout<TestRoute> = .tabs([
    .tab(.inbox, .stack(.home)),
    .tab(.profile, .stack(.settings)),
    .tab(.search, .screen(.list)),
])

/// Everything a failed change must leave alone: the state and which object is live where.
struct FlowSnapshot: Equatable {
    let state: NavigationState<TestRoute>
    let destinations: [ElementID: ObjectIdentifier]

    @MainActor
    init(_ flow: Flow<TestRoute>) {
        state = flow.state
        destinations = flow.destinations.mapValues(ObjectIdentifier.init)
    }
}

/// The state a layout builds, numbered from 1.
func state(_ layout: Layout<TestRoute>) throws -> NavigationState<TestRoute> {
    try NavigationState(layout)
}

/// Collects log messages from any thread.
final class LogSink: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [(FlowLogger.Level, String)] = []

    var messages: [(level: FlowLogger.Level, text: String)] {
        lock.withLock { storage.map { (level: $0.0, text: $0.1) } }
    }

    var logger: FlowLogger {
        FlowLogger { [self] level, message in lock.withLock { storage.append((level, message)) } }
    }
}

/// A flag an observation's `onChange` can set.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}

extension Flow where Route == TestRoute {
    /// The Destination of the focused screen as a ``Screen``.
    var focused: Screen? { focusedDestination(as: Screen.self) }

    /// The id of the focused screen.
    var focusedID: ElementID { state.focusedScreen.id }

    /// The routes of the visible screens.
    var visibleRoutes: [TestRoute] { state.visibleScreens.compactMap(\.route) }
}

extension ContentEvent<Screen.Event, Int> {
    /// `choose` carries the number of the detail to show.
    static var choose: Self { Self(Screen.Event.choose) }
}
