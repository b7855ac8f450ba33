import Benchmark

extension Benchmark.Configuration {
    /// The metrics of a timing benchmark: throughput, wall clock, CPU time, allocations, and
    /// instructions where the machine has hardware counters.
    public static let timingMetrics: [BenchmarkMetric] = [
        .throughput, .wallClock, .cpuTotal, .mallocCountTotal, .instructions,
    ]

    /// A timing benchmark of `scalingFactor` operations per sample, sampled for at most
    /// `maxDuration` or `maxIterations` samples (by default 1,000 samples of 1,000 operations,
    /// or 10,000 samples of one).
    ///
    /// Every benchmark of one operation uses the same scaling factor at every depth, so that
    /// its rows compare directly.
    public static func timing(
        _ scalingFactor: BenchmarkScalingFactor = .kilo,
        maxDuration: Duration = .seconds(1),
        maxIterations: Int? = nil
    ) -> Benchmark.Configuration {
        .init(
            metrics: timingMetrics,
            timeUnits: .nanoseconds,
            warmupIterations: 3,
            scalingFactor: scalingFactor,
            maxDuration: maxDuration,
            maxIterations: maxIterations ?? (scalingFactor == .one ? 10_000 : 1_000)
        )
    }
}
