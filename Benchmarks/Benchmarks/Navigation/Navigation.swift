import Benchmark
import BenchmarkFixtures
import BenchmarkSupport

// Navigation operations at depths 10, 1,000 and 100,000. Each benchmark reports one iteration
// per PAIR of operations (push then back, select then reselect, present then dismiss, send then
// back), except `send perform`, which is a single send. The floor runs the same pairs on an
// array and a dictionary.
let benchmarks: @Sendable () -> Void = {
    for depth in benchmarkDepths {
        floorBenchmarks(depth: depth)
        transactionBenchmarks(depth: depth)
        flowBenchmarks(depth: depth)
    }
}
