import Benchmark
import BenchmarkFixtures
import BenchmarkSupport

// What a flow costs around its operations: logging, starting, and staying flat over many
// cycles.
let benchmarks: @Sendable () -> Void = {
    loggingBenchmarks()
    flowInitBenchmark()
    memoryBenchmark()
}
