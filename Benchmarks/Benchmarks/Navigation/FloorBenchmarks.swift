import Benchmark
import BenchmarkFixtures
import BenchmarkSupport

/// The floor: push = append + insert a new Destination object, back = removeLast + remove.
func floorBenchmarks(depth: Int) {
    mainActorBenchmark(
        "Floor push-back @\(depth)",
        configuration: .timing(),
        setup: { FloorStack(depth: depth) },
        body: { benchmark, floor in
            measure(benchmark) {
                floor.push()
                floor.back()
            }
        }
    )
}
