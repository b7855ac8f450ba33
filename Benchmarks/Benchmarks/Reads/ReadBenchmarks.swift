import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Destinations

/// The reads measured on ``Layout/deepTabs(depth:)``.
enum Read: String, CaseIterable {
    /// `flow.node(id)` of the other tab's stack container.
    case nodeOtherStack = "Read node other-stack"
    /// `flow.node(id)` of the screen at the very bottom of the deep stack.
    case nodeBottom = "Read node bottom"
    /// `flow.node(id)` of the top screen.
    case nodeTop = "Read node top"
    /// The focused screen.
    case focused = "Read focused"
    /// The focused screen's Destination as its type (`flow.focusedDestination(as:)`): the
    /// README's first read.
    case focusedDestination = "Read focused destination"
    /// The focused screen's Destination, whatever its type (`flow.focusedDestination`).
    case focusedObject = "Read focused object"
    /// `flow.destination(id, as:)` of the bottom screen.
    case destinationAs = "Read destination as"
    /// The whole state (`flow.state`).
    case state = "Read state"
    /// The root's id (`flow.rootID`).
    case rootID = "Read root id"
    /// `flow.destination(id)` of the bottom screen.
    case destination = "Read destination"
    /// Whether the state contains the bottom screen.
    case contains = "Read contains"

    /// Operations per sample.
    var scalingFactor: BenchmarkScalingFactor { .kilo }
}

/// The flow's reads, and the floor's dictionary lookup at the same depth.
func readBenchmarks(depth: Int) {
    mainActorBenchmark(
        "Floor lookup @\(depth)",
        configuration: .timing(),
        setup: { FloorStack(depth: depth) },
        body: { benchmark, floor in
            measure(benchmark) { blackHole(floor.object(0)) }
        }
    )
    for read in Read.allCases {
        mainActorBenchmark(
            "\(read.rawValue) @\(depth)",
            configuration: .timing(read.scalingFactor),
            setup: { try DeepFlow(depth: depth) },
            body: { benchmark, fixture in measure(read, on: fixture, benchmark) }
        )
    }
}

/// One sample of `read`; the choice is made outside the measured loop.
@MainActor
private func measure(_ read: Read, on fixture: DeepFlow, _ benchmark: Benchmark) {
    let flow = fixture.flow
    switch read {
    case .nodeOtherStack: measure(benchmark) { blackHole(flow.node(fixture.otherStack)) }
    case .nodeBottom: measure(benchmark) { blackHole(flow.node(fixture.bottom)) }
    case .nodeTop: measure(benchmark) { blackHole(flow.node(fixture.top)) }
    case .focused: measure(benchmark) { blackHole(focusedScreen(of: flow)) }
    case .focusedDestination: measure(benchmark) { blackHole(focusedBenchScreen(of: flow)) }
    case .focusedObject: measure(benchmark) { blackHole(focusedObject(of: flow)) }
    case .destinationAs: measure(benchmark) { blackHole(benchScreen(flow, fixture.bottom)) }
    case .state: measure(benchmark) { blackHole(flow.state) }
    case .rootID: measure(benchmark) { blackHole(flow.rootID) }
    case .destination: measure(benchmark) { blackHole(flow.destination(fixture.bottom)) }
    case .contains: measure(benchmark) { blackHole(flowContains(flow, fixture.bottom)) }
    }
}
