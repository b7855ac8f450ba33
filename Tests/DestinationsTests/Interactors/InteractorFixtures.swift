import Destinations
import Foundation

// Fixtures for the interactor suites: a route set, two Destinations that use interactors, and
// datasources whose answers the test controls. Nothing here waits on time.

enum DataRoute: NavigationRoute, Codable {
    case list
    case detail(id: Int)
    case other
}

enum DataError: Error, Equatable {
    case offline
    case notFound(Int)
}

struct ItemsRequest: Sendable, Equatable {
    enum Action: Sendable, Hashable {
        case retrieve
        case search(String)
        case page(Int)
        case rename(id: Int, to: String)
    }
    var action: Action
}

/// An actor datasource that answers from its items and records what it was asked.
actor ItemsDatasource: Interactor {
    private(set) var items: [String]
    private(set) var requests: [ItemsRequest.Action] = []
    private(set) var lifecycle: [String] = []
    var failure: DataError?

    init(items: [String] = ["milk", "eggs", "bread"]) {
        self.items = items
    }

    func fail(with error: DataError?) { failure = error }

    func perform(request: ItemsRequest) async -> Result<[String], DataError> {
        requests.append(request.action)
        if let failure { return .failure(failure) }
        switch request.action {
        case .retrieve: return .success(items)
        case .search(let text): return .success(items.filter { $0.contains(text) })
        case .page(let page): return .success(items.map { "\($0)#\(page)" })
        case .rename(let id, let name):
            guard items.indices.contains(id) else { return .failure(.notFound(id)) }
            items[id] = name
            return .success(items)
        }
    }

    func prepare(for destination: ElementID) async { lifecycle.append("prepare \(destination)") }
    func cleanup(for destination: ElementID) async { lifecycle.append("cleanup \(destination)") }
}

/// A one-shot signal a test can await and another task can fire, in either order.
final class Signal: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func fire() {
        lock.lock()
        fired = true
        let waiting = waiters
        waiters.removeAll()
        lock.unlock()
        for waiter in waiting { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if fired {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}

/// A datasource that tells the test when a request arrived and answers only when the test
/// opens its gate.
actor GatedDatasource: Interactor {
    let arrived = Signal()
    let gate = Signal()
    private(set) var answered = 0

    func perform(request: ItemsRequest) async -> Result<[String], DataError> {
        arrived.fire()
        await gate.wait()
        answered += 1
        return .success(["late"])
    }
}

/// A datasource that never answers, but gives up when its task is cancelled.
actor SilentDatasource: Interactor {
    let arrived = Signal()
    private(set) var gaveUp = false

    func perform(request: ItemsRequest) async -> Result<[String], DataError> {
        arrived.fire()
        let (never, _) = AsyncStream<Int>.makeStream()
        for await _ in never {}
        gaveUp = true
        return .failure(.offline)
    }
}

/// A stream whose values the test yields.
final class TestStream: StreamInteractor, @unchecked Sendable {
    let (values, input) = AsyncStream<Int>.makeStream()
    let started = Signal()
    let cleanedUp = Signal()

    func values(for request: String) async -> AsyncStream<Int> {
        started.fire()
        return values
    }

    func cleanup(for destination: ElementID) async { cleanedUp.fire() }
}

/// A synchronous counter service.
@MainActor
final class CounterService: SyncInteractor {
    private(set) var count = 0
    private(set) var users: Set<ElementID> = []

    func perform(request: Int) -> Result<Int, DataError> {
        guard request >= 0 else { return .failure(.notFound(request)) }
        count += request
        return .success(count)
    }

    func prepare(for destination: ElementID) { users.insert(destination) }
    func cleanup(for destination: ElementID) { users.remove(destination) }
}

/// A Destination that lists items and shows what reached it.
@MainActor
final class ItemsScreen: Destination {
    enum Event: Hashable, Sendable {
        case load
        case search(Carrying<String>)
        case page
        case rename(Carrying<String>)
        case open, count, watch
        case watchFrom(Carrying<Int>)
        case stopWatching
    }
    let context = DestinationContext<DataRoute, Event>()
    var items: [String] = []
    var errors: [DataError] = []
    var deliveries = 0
    var total = 0
    var ticks: [Int] = []
    var page = 0
    var onTick: (@MainActor (Int) -> Void)?
    let loadsOnPrepare: Bool

    init(loadsOnPrepare: Bool = false) {
        self.loadsOnPrepare = loadsOnPrepare
    }

    func receive(_ result: Result<[String], DataError>) {
        deliveries += 1
        switch result {
        case .success(let items): self.items = items
        case .failure(let error): errors.append(error)
        }
    }

    func prepareForPresentation() {
        if loadsOnPrepare { try? send(.load) }
    }
}

struct WeakBox<T: AnyObject> {
    weak var value: T?
}

@MainActor
func itemsProviders(
    datasource: some Interactor<ItemsRequest, [String], DataError>,
    loadsOnPrepare: Bool = false,
    configure: @escaping (inout EventTable<ItemsScreen>) -> Void = { _ in }
) -> Providers<DataRoute> {
    let list = Provider { (_: DataRoute) in
        ItemsScreen(loadsOnPrepare: loadsOnPrepare)
    } events: { events in
        events.on(
            .load, .request(datasource, ItemsRequest(action: .retrieve)) { screen, result in screen.receive(result) })
        events.on(.open, .present(.push(.detail(id: 0))))
        configure(&events)
    }
    return Providers { _ in list }
}

extension ContentEvent<ItemsScreen.Event, String> {
    static var search: Self { Self(ItemsScreen.Event.search) }
    static var rename: Self { Self(ItemsScreen.Event.rename) }
}

extension ContentEvent<ItemsScreen.Event, Int> {
    static var watchFrom: Self { Self(ItemsScreen.Event.watchFrom) }
}
