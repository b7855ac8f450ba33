import Destinations
import Foundation
import Testing

/// An interactor whose preparation never finishes, and which records its cleanups.
actor StuckPreparation: Interactor {
    private(set) var cleanups: [ElementID] = []
    let cleanedUp = Signal()

    func perform(request: ItemsRequest) async -> Result<[String], DataError> { .success(["ok"]) }

    func prepare(for destination: ElementID) async {
        let (never, _) = AsyncStream<Int>.makeStream()
        for await _ in never {}
    }

    func cleanup(for destination: ElementID) async {
        cleanups.append(destination)
        cleanedUp.fire()
    }
}

/// An interactor whose preparation ignores cancellation: it waits for a signal nobody fires.
actor DeafPreparation: Interactor {
    let never = Signal()
    let started = Signal()
    private(set) var cleanups: [ElementID] = []
    func perform(request: ItemsRequest) async -> Result<[String], DataError> { .success(["ok"]) }
    func prepare(for destination: ElementID) async {
        started.fire()
        await never.wait()
    }
    func cleanup(for destination: ElementID) async { cleanups.append(destination) }
}

/// A stream that takes forever to hand over its values, ignoring cancellation.
final class StuckStream: StreamInteractor, @unchecked Sendable {
    let asked = Signal()
    let never = Signal()
    func values(for request: Int) async -> AsyncStream<Int> {
        asked.fire()
        await never.wait()
        return AsyncStream { $0.finish() }
    }
}

/// A datasource that never answers, records its cleanups, and says when a request gave up.
actor NeverAnswering: Interactor {
    let arrived = Signal()
    let gaveUp = Signal()
    let cleanedUp = Signal()
    private(set) var cleanups: [ElementID] = []

    func perform(request: ItemsRequest) async -> Result<[String], DataError> {
        arrived.fire()
        let (never, _) = AsyncStream<Int>.makeStream()
        for await _ in never {}
        gaveUp.fire()
        return .failure(.offline)
    }

    func cleanup(for destination: ElementID) async {
        cleanups.append(destination)
        cleanedUp.fire()
    }
}

/// A stream whose preparation waits for the test.
final class GatedStream: StreamInteractor, @unchecked Sendable {
    let gate = Signal()
    let preparing = Signal()
    let prepared = Signal()
    let started = Signal()
    private let lock = NSLockBox()

    func prepare(for destination: ElementID) async {
        preparing.fire()
        await gate.wait()
        prepared.fire()
    }

    func values(for request: Int) async -> AsyncStream<Int> {
        started.fire()
        lock.increment()
        return AsyncStream { $0.finish() }
    }

    var starts: Int { lock.value }
}

final class NSLockBox: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// A synchronous service that records the order of its calls.
@MainActor
final class OrderedService: SyncInteractor {
    private(set) var calls: [String] = []
    func perform(request: Int) -> Result<Int, DataError> {
        calls.append("perform \(request)")
        return .success(request)
    }
    func prepare(for destination: ElementID) { calls.append("prepare \(destination)") }
    func cleanup(for destination: ElementID) { calls.append("cleanup \(destination)") }
}

/// Work never outlives its screen or its flow, and waiting for work never hangs.
@MainActor
@Suite struct InteractorLifecycleTests {
    @Test func aCleanupWaitsForAPreparationThatIgnoresItsCancellation() async throws {
        let interactor = DeafPreparation()
        let detail = itemsProviders(datasource: interactor).provider(for: .detail(id: 1))
        let list = Provider { (_: DataRoute) in ItemsScreen() }
        let flow = try Flow(.stack(.list), providers: Providers { $0 == .list ? list : detail })
        try flow.apply(.push(.detail(id: 1)))
        try flow.focusedDestination(as: ItemsScreen.self)?.send(.load)
        // Remove the Destination only once its preparation is under way (and stuck).
        await interactor.started.wait()
        try flow.apply(.back)
        // The screen's requests end with it; its cleanup waits for the preparation, so that the
        // interactor never hears of a cleanup before the preparation it follows.
        #expect(flow.pendingWork.contains { "\($0)".contains("interactor cleanup") }, "\(flow.pendingWork)")
        #expect(await interactor.cleanups.isEmpty)
        interactor.never.fire()
        try await flow.settle(timeout: .seconds(30))
        #expect(await interactor.cleanups == [ElementID(3)])
    }

    @Test func aStreamThatNeverStartsEndsWhenItsDestinationIsRemoved() async throws {
        let stream = StuckStream()
        let flow = try Flow(
            .stack(.list),
            providers: itemsProviders(datasource: ItemsDatasource()) { events in
                events.on(.watch, .stream(stream, 1) { screen, tick in screen.ticks.append(tick) })
            })
        try flow.apply(.push(.detail(id: 1)))
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.watch)
        await stream.asked.wait()
        try flow.apply(.back)
        try await flow.settle(timeout: .seconds(30))
        #expect(!screen.context.hasRunningStreams)
    }

    @Test func releasingAFlowDetachesAndCleansUpEveryDestinationAndCancelsItsWork() async throws {
        let datasource = NeverAnswering()
        let log = Log()
        var flow: Flow<TestRoute>? = try makeFlow(
            .tabs([.tab(.inbox, .stack(.home, .list)), .tab(.profile, .stack(.settings))]), log: log)
        let screens = try #require(flow?.destinations.values.compactMap { $0 as? Screen })
        var dataFlow: Flow<DataRoute>? = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        try dataFlow?.focusedDestination(as: ItemsScreen.self)?.send(.load)
        await datasource.arrived.wait()
        _ = log.take()
        flow = nil
        dataFlow = nil
        #expect(Set(log.take()) == ["disappear list", "cleanup home", "cleanup list", "cleanup settings"])
        #expect(screens.allSatisfy { $0.context.isRemoved && $0.context.id == nil })
        await datasource.gaveUp.wait()
        await datasource.cleanedUp.wait()
        #expect(await datasource.cleanups == [ElementID(2)])
    }

    @Test func aStreamNeverStartsForADestinationRemovedWhileItsInteractorsPrepared() async throws {
        let stream = GatedStream()
        let flow = try Flow(
            .stack(.list),
            providers: itemsProviders(datasource: ItemsDatasource()) { events in
                events.on(.watch, .stream(stream, 1) { screen, tick in screen.ticks.append(tick) })
            })
        try flow.apply(.push(.detail(id: 1)))
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.watch)
        await stream.preparing.wait()
        try flow.apply(.back)
        stream.gate.fire()
        await stream.prepared.wait()
        try await flow.settle(timeout: .seconds(30))
        #expect(stream.starts == 0)
        #expect(!screen.context.hasRunningStreams)
    }

    @Test func aStreamStartsOnceItsInteractorsArePrepared() async throws {
        let stream = GatedStream()
        let flow = try Flow(
            .stack(.list),
            providers: itemsProviders(datasource: ItemsDatasource()) { events in
                events.on(.watch, .stream(stream, 1) { screen, tick in screen.ticks.append(tick) })
            })
        try flow.focusedDestination(as: ItemsScreen.self)?.send(.watch)
        #expect(stream.starts == 0)
        stream.gate.fire()
        try await flow.settle(timeout: .seconds(30))
        #expect(stream.starts == 1)
    }

    @Test func aSynchronousServiceIsPreparedBeforeItsFirstRequest() throws {
        let service = OrderedService()
        let provider = Provider { (_: DataRoute) in
            ItemsScreen(loadsOnPrepare: true)
        } events: { events in
            events.on(.load, .request(service, 5) { screen, result in screen.total = (try? result.get()) ?? -1 })
        }
        let flow = try Flow(.stack(.list), providers: Providers { _ in provider })
        #expect(service.calls == ["prepare #2", "perform 5"])
        try flow.apply(.replaceRoot(.stack(.other)))
        #expect(service.calls == ["prepare #2", "perform 5", "cleanup #2", "prepare #4", "perform 5"])
    }

    @Test func settleGivesUpAtItsDeadlineAndNamesThePendingWork() async throws {
        let datasource = NeverAnswering()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        try flow.focusedDestination(as: ItemsScreen.self)?.send(.load)
        do {
            try await flow.settle(timeout: .milliseconds(200))
            Issue.record("settle returned although the request never answers")
        } catch {
            // The request is pending (its interactor's preparation may be too, on a busy machine).
            #expect(error.pending.allSatisfy { $0.destination == ElementID(2) && $0.route == "list" })
            #expect(
                error.pending.map(\.work).contains(
                    "ItemsRequest(action: DestinationsTests.ItemsRequest.Action.retrieve)"))
            #expect(error.description.contains("list #2: ItemsRequest"))
        }
        try flow.apply(.replaceRoot(.stack(.other)))
        try await flow.settle(timeout: .seconds(30))
    }
}
