import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Destinations
import Foundation

// Saving and restoring a state of 200 screens with JSONEncoder and JSONDecoder, against the
// same nodes as a flat array of Codable structs through the same coders. One iteration is one
// round trip (or one encode, or one decode) of the whole state.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration.timing(.one, maxIterations: 2_000)

    Benchmark("Snapshot round-trip state", configuration: configuration) { benchmark, fixture in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try roundTrip(fixture.state, fixture))
        }
        benchmark.stopMeasurement()
    } setup: {
        try SnapshotFixture()
    }

    Benchmark("Snapshot round-trip flat floor", configuration: configuration) { benchmark, fixture in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try roundTrip(fixture.flat, fixture))
        }
        benchmark.stopMeasurement()
    } setup: {
        try SnapshotFixture()
    }

    Benchmark("Snapshot encode state", configuration: configuration) { benchmark, fixture in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.encoder.encode(fixture.state))
        }
        benchmark.stopMeasurement()
    } setup: {
        try SnapshotFixture()
    }

    Benchmark("Snapshot decode state", configuration: configuration) { benchmark, fixture in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.decoder.decode(NavigationState<BenchRoute>.self, from: fixture.stateData))
        }
        benchmark.stopMeasurement()
    } setup: {
        try SnapshotFixture()
    }
}

/// Encodes and decodes `value` with the fixture's coders.
func roundTrip<Value: Codable>(_ value: Value, _ fixture: SnapshotFixture) throws -> Value {
    try fixture.decoder.decode(Value.self, from: fixture.encoder.encode(value))
}
