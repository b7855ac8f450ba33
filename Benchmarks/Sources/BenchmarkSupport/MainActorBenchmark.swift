import Benchmark

/// Registers a benchmark that runs on the main actor, as `Flow` and Destinations require.
///
/// `setup` runs once, on the main actor, before the samples; `body` runs once per sample and
/// measures only what it wraps in ``measure(_:_:)``, so the hop to the main actor stays out of
/// the numbers.
public func mainActorBenchmark<Fixture: Sendable>(
    _ name: String,
    configuration: Benchmark.Configuration,
    setup: @escaping @MainActor () throws -> Fixture,
    body: @escaping @MainActor (Benchmark, Fixture) throws -> Void
) {
    Benchmark(name, configuration: configuration) { @MainActor (benchmark: Benchmark, fixture: Fixture) async in
        do {
            try body(benchmark, fixture)
        } catch {
            benchmark.error("\(name): \(error)")
        }
    } setup: { @MainActor in
        try setup()
    }
}

/// Measures `operation` run `benchmark.scalingFactor` times: one sample.
@inlinable
@MainActor
public func measure(_ benchmark: Benchmark, _ operation: () throws -> Void) rethrows {
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        try operation()
    }
    benchmark.stopMeasurement()
}
