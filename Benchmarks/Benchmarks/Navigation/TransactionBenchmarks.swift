import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Destinations

/// A state and an id generator, changed in place by one transaction per operation, as a flow
/// runs them but without Destinations.
@MainActor
final class TransactionFixture {
    var state: NavigationState<BenchRoute>
    var ids: any ElementIDGenerator

    init(depth: Int) throws {
        var generator = SequentialElementIDs()
        state = try NavigationState(.deepTabs(depth: depth), ids: &generator)
        ids = generator
    }

    func apply(_ presentation: Presentation<BenchRoute>) throws(NavigationError) {
        var transaction = NavigationTransaction(state: state, ids: ids)
        try transaction.apply(presentation)
        state = transaction.state
        ids = transaction.ids
    }
}

/// Pure `NavigationTransaction` push then back, one transaction each, no `Flow`.
func transactionBenchmarks(depth: Int) {
    mainActorBenchmark(
        "Transaction push-back @\(depth)",
        configuration: .timing(),
        setup: { try TransactionFixture(depth: depth) },
        body: { benchmark, fixture in
            try measure(benchmark) {
                try fixture.apply(.push(.screen(0)))
                try fixture.apply(.back)
            }
        }
    )
}
