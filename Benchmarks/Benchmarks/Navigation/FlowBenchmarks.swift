import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Destinations

/// Operations through a `Flow` with real Destinations, on ``Layout/deepTabs(depth:)``.
func flowBenchmarks(depth: Int) {
    mainActorBenchmark(
        "Flow push-back @\(depth)",
        configuration: .timing(),
        setup: { try DeepFlow(depth: depth) },
        body: { benchmark, fixture in
            let flow = fixture.flow
            try measure(benchmark) {
                try flow.apply(.push(.screen(0)))
                try flow.apply(.back)
            }
        }
    )
    mainActorBenchmark(
        "Flow selectTab-back @\(depth)",
        configuration: .timing(),
        setup: { try DeepFlow(depth: depth) },
        body: { benchmark, fixture in
            let flow = fixture.flow
            try measure(benchmark) {
                try flow.apply(.selectTab(.other))
                try flow.apply(.selectTab(.deep))
            }
        }
    )
    mainActorBenchmark(
        "Flow sheet-dismiss @\(depth)",
        configuration: .timing(),
        setup: { try DeepFlow(depth: depth) },
        body: { benchmark, fixture in
            let flow = fixture.flow
            try measure(benchmark) {
                try flow.apply(.sheet(.screen(-2)))
                try flow.apply(.dismiss)
            }
        }
    )
    // One send whose response is `.perform { _ in }`: the cost of an event without navigation.
    mainActorBenchmark(
        "Flow send-perform @\(depth)",
        configuration: .timing(),
        setup: { try DeepFlow(depth: depth) },
        body: { benchmark, fixture in
            let top = fixture.topDestination
            try measure(benchmark) {
                try top.send(.perform)
            }
        }
    )
    // A send configured as `.present(.push(...))`, then `apply(.back)`: compare with
    // `Flow push-back` for the cost of the event dispatch.
    mainActorBenchmark(
        "Flow send-push-back @\(depth)",
        configuration: .timing(),
        setup: { try DeepFlow(depth: depth) },
        body: { benchmark, fixture in
            let flow = fixture.flow
            let top = fixture.topDestination
            try measure(benchmark) {
                try top.send(.push)
                try flow.apply(.back)
            }
        }
    )
    // The event path: the top screen's event that pushes, then the pushed screen's event that
    // goes back (found with `flow.focusedDestination(as:)`, as a view would hold it).
    mainActorBenchmark(
        "Flow send-push-send-back @\(depth)",
        configuration: .timing(),
        setup: { try DeepFlow(depth: depth) },
        body: { benchmark, fixture in
            let flow = fixture.flow
            let top = fixture.topDestination
            try measure(benchmark) {
                try sendPushThenSendBack(flow, from: top)
            }
        }
    )
}
