import Destinations
import Testing

/// An interactor that counts the screens using it, as a shared service does: it must hear one
/// cleanup for each preparation, in that order.
actor UserCountingDatasource: Interactor {
    let gate = Signal()
    private(set) var users: Set<ElementID> = []
    private(set) var prepared: [ElementID] = []
    private(set) var cleanedUp: [ElementID] = []
    private(set) var cleanedUpBeforePrepareEnded: [ElementID] = []
    private var preparing: Set<ElementID> = []

    init(open: Bool) {
        if open { gate.fire() }
    }

    func perform(request: ItemsRequest) async -> Result<[String], DataError> { .success([]) }

    func prepare(for destination: ElementID) async {
        prepared.append(destination)
        preparing.insert(destination)
        await gate.wait()
        preparing.remove(destination)
        users.insert(destination)
    }

    func cleanup(for destination: ElementID) async {
        if preparing.contains(destination) { cleanedUpBeforePrepareEnded.append(destination) }
        cleanedUp.append(destination)
        users.remove(destination)
    }
}

/// Each Destination is prepared at most once and cleaned up exactly once, after a preparation
/// that started — however fast it comes and goes.
@MainActor
@Suite struct LifecycleBalanceTests {
    @Test func aScreenPushedAndPoppedInTheSameTurnIsPreparedThenCleanedUp() async throws {
        let datasource = UserCountingDatasource(open: true)
        let flow = try Flow(.stack(DataRoute.list), providers: itemsProviders(datasource: datasource))
        try flow.apply(.push(.detail(id: 1)))
        let detail = flow.focusedScreen.id
        try flow.apply(.back)
        try await flow.settle()
        #expect(await datasource.prepared.filter { $0 == detail }.count == 1)
        #expect(await datasource.cleanedUp.filter { $0 == detail }.count == 1)
        #expect(await !datasource.users.contains(detail), "the removed screen is not left registered")
    }

    @Test func aCleanupWaitsForAPreparationThatIsStillSuspended() async throws {
        let datasource = UserCountingDatasource(open: false)
        let flow = try Flow(.stack(DataRoute.list), providers: itemsProviders(datasource: datasource))
        try flow.apply(.push(.detail(id: 1)))
        let detail = flow.focusedScreen.id
        while await !datasource.prepared.contains(detail) { await Task.yield() }
        try flow.apply(.back)  // removed while its preparation waits
        datasource.gate.fire()
        try await flow.settle()
        #expect(await datasource.cleanedUpBeforePrepareEnded.isEmpty)
        #expect(await datasource.cleanedUp.filter { $0 == detail }.count == 1)
        #expect(await !datasource.users.contains(detail), "the removed screen is not left registered")
    }

    @Test func aDestinationHearsPrepareAndCleanupOnceEachWhateverTheOrderOfChanges() throws {
        var random = SeededRandom(seed: 0x13)
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        for _ in 0..<300 {
            _ = try? flow.apply(RandomStates.presentation(&random, in: flow.state))
        }
        let entries = log.take()
        let prepares = entries.filter { $0.hasPrefix("prepare ") }.count
        let cleanups = entries.filter { $0.hasPrefix("cleanup ") }.count
        #expect(
            prepares - cleanups == flow.destinations.count,
            "every removed screen was cleaned up once, every live one not yet")
        #expect(log.builtCount >= prepares)
    }
}
