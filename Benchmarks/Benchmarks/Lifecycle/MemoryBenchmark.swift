import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Destinations

/// The depth of the stack the memory benchmark cycles on.
let memoryDepth = 1_000
/// The samples of the memory benchmark, and the push/back cycles of each: 100,000 in all.
let memorySamples = 10
let memoryCyclesPerSample = 10_000

/// Live Destinations after a sample, and their change across it (which must be 0).
enum MemoryMetric {
    static let liveDestinations = BenchmarkMetric.custom("Live destinations", useScalingFactor: false)
    static let liveGrowth = BenchmarkMetric.custom("Live destinations growth", useScalingFactor: false)
}

/// 100,000 push/back cycles at depth 1,000 on one flow, in 10 samples of 10,000: live
/// Destinations must stay at their count before the first sample (the benchmark fails
/// otherwise); peak memory is recorded per sample, so that growth shows between p0 and p100.
func memoryBenchmark() {
    let configuration = Benchmark.Configuration(
        metrics: [
            .wallClock, .peakMemoryResident, .mallocCountTotal, .mallocFreeDelta, .memoryLeakedBytes,
            MemoryMetric.liveDestinations, MemoryMetric.liveGrowth,
        ],
        timeUnits: .milliseconds,
        units: [.peakMemoryResident: .kilo],
        warmupIterations: 0,
        scalingFactor: .one,
        maxDuration: .seconds(60),
        maxIterations: memorySamples
    )
    mainActorBenchmark(
        "Memory \(memorySamples * memoryCyclesPerSample) push-back cycles @\(memoryDepth)",
        configuration: configuration,
        setup: { try MemoryFixture(depth: memoryDepth) },
        body: { benchmark, fixture in
            let flow = fixture.deep.flow
            benchmark.startMeasurement()
            for _ in 0..<memoryCyclesPerSample {
                try flow.apply(.push(.screen(0)))
                try flow.apply(.back)
            }
            benchmark.stopMeasurement()
            let live = flow.destinations.count
            benchmark.measurement(MemoryMetric.liveDestinations, live)
            benchmark.measurement(MemoryMetric.liveGrowth, live - fixture.liveAtStart)
            guard live == fixture.liveAtStart else {
                throw FixtureError.destinationsLeaked(before: fixture.liveAtStart, after: live)
            }
        }
    )
}

/// The flow and its number of live Destinations before the first cycle.
@MainActor
final class MemoryFixture {
    let deep: DeepFlow
    let liveAtStart: Int

    init(depth: Int) throws {
        deep = try DeepFlow(depth: depth)
        liveAtStart = deep.flow.destinations.count
    }
}
