import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Destinations

/// The depth of the stack the logging benchmarks push on.
let loggingDepth = 1_000

/// `Flow` push then back (one iteration per pair) with the logger disabled, and with a logger
/// that appends every message to an in-memory buffer.
func loggingBenchmarks() {
    mainActorBenchmark(
        "Logging disabled push-back @\(loggingDepth)",
        configuration: .timing(),
        setup: { try DeepFlow(depth: loggingDepth, logger: .disabled) },
        body: { benchmark, fixture in
            let flow = fixture.flow
            try measure(benchmark) {
                try flow.apply(.push(.screen(0)))
                try flow.apply(.back)
            }
        }
    )
    let buffer = LogBuffer()
    mainActorBenchmark(
        "Logging buffer push-back @\(loggingDepth)",
        configuration: .timing(),
        setup: { try DeepFlow(depth: loggingDepth, logger: buffer.logger) },
        body: { benchmark, fixture in
            let flow = fixture.flow
            let before = buffer.total
            try measure(benchmark) {
                try flow.apply(.push(.screen(0)))
                try flow.apply(.back)
            }
            guard buffer.total > before else { throw LoggingError.nothingLogged }
        }
    )
}

/// The enabled logger received no message.
enum LoggingError: Error {
    case nothingLogged
}
