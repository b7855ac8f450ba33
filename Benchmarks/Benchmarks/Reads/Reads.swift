import Benchmark
import BenchmarkFixtures
import BenchmarkSupport

// Reads at depths 10, 1,000 and 100,000: one iteration is one read. The floor is a lookup in
// the floor's dictionary of Destination objects.
let benchmarks: @Sendable () -> Void = {
    for depth in benchmarkDepths {
        readBenchmarks(depth: depth)
    }
}
