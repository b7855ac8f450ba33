import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Destinations

/// `Flow.init` for a three-tab app, three tabs each with a stack of one screen. Setup and the
/// warm-up iterations build flows first, so every measured one comes after the first. The
/// flows built are released after the measurement, so only building them is measured.
func flowInitBenchmark() {
    mainActorBenchmark(
        "Flow init three tabs",
        configuration: .timing(),
        setup: { try Flow(.threeTabs, providers: .bench) },
        body: { benchmark, first in
            let providers = Providers<BenchRoute>.bench
            var flows: [Flow<BenchRoute>] = [first]
            flows.reserveCapacity(benchmark.scaledIterations.count + 1)
            try measure(benchmark) {
                flows.append(try Flow(.threeTabs, providers: providers))
            }
            blackHole(flows)
        }
    )
}
