import Foundation
import Destinations

// Measures how the cost of navigation operations grows with the size of the state they do not
// touch. The claim under test: push, back and select-tab cost O(1) in the depth of the stack,
// for the pure state and for a Flow that builds and releases Destinations.
//
// Prints nanoseconds per operation at several depths and the ratio between the deepest and the
// shallowest; a ratio near 1 means the cost does not grow with depth.

enum BenchRoute: NavigationRoute {
    case screen(Int)
}

@MainActor
final class BenchScreen: Destination {
    enum Event: Hashable, Sendable { case next }
    let context = DestinationContext<BenchRoute, Event>()
}

func measure(_ iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
        for _ in 0..<iterations { try body() }
    }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return nanoseconds / Double(iterations)
}

func deepState(_ depth: Int) throws -> NavigationState<BenchRoute> {
    try NavigationState(
        .tabs([
            .tab("deep", .stack((0..<depth).map { BenchRoute.screen($0) })),
            .tab("other", .stack(.screen(-1))),
        ])
    )
}

@MainActor
func run() throws {
    let depths = [10, 1_000, 100_000]
    let iterations = 2_000
    var rows: [(String, [Double])] = []

    // One transaction per operation, as a Flow runs them.
    func pureRow(_ first: Presentation<BenchRoute>, _ second: Presentation<BenchRoute>) throws -> [Double] {
        try depths.map { depth in
            var state = try deepState(depth)
            var ids: any ElementIDGenerator = SequentialElementIDs(startingAt: 1_000_000)
            return try measure(iterations) {
                for presentation in [first, second] {
                    var transaction = NavigationTransaction(state: state, ids: ids)
                    try transaction.apply(presentation)
                    state = transaction.state
                    ids = transaction.ids
                }
            } / 2
        }
    }
    rows.append(("transaction push/back", try pureRow(.push(.screen(0)), .back)))
    rows.append(("transaction selectTab", try pureRow(.selectTab("other"), .selectTab("deep"))))

    var flows: [Double] = []
    for depth in depths {
        let providers = Providers<BenchRoute> { _ in Provider { _ in BenchScreen() } }
        let flow = try Flow(
            .tabs([
                .tab("deep", .stack((0..<depth).map { BenchRoute.screen($0) })),
                .tab("other", .stack(.screen(-1))),
            ]),
            providers: providers
        )
        flows.append(
            try measure(iterations) {
                try flow.apply(.push(.screen(0)))
                try flow.apply(.back)
            } / 2
        )
    }
    rows.append(("Flow push/back", flows))

    print("operation".padding(toLength: 24, withPad: " ", startingAt: 0)
        + depths.map { "depth \($0)".padding(toLength: 16, withPad: " ", startingAt: 0) }.joined()
        + "deepest/shallowest")
    for (name, values) in rows {
        let cells = values.map { String(format: "%.0f ns", $0).padding(toLength: 16, withPad: " ", startingAt: 0) }
        let ratio = (values.last ?? 0) / max(values.first ?? 1, 1)
        print(name.padding(toLength: 24, withPad: " ", startingAt: 0) + cells.joined() + String(format: "%.2f", ratio))
    }
}

try MainActor.assumeIsolated { try run() }
