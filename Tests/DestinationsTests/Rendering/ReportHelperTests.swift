import Testing

@testable import Destinations

/// The report helpers on random states and random callbacks: never a crash, and every report
/// they make is one the flow accepts in the state it was made against.
@MainActor
@Suite struct ReportHelperTests {
    @Test func reportsFromRandomCallbacksAreAcceptedOrNil() throws {
        var made = 0
        for seed in 0..<150 {
            var random = SeededRandom(seed: UInt64(seed) &+ 30_000)
            let state = RandomStates.state(&random)
            let flow = try makeFlow(.screen(.home))
            let ids = state.nodes.map { $0.id } + [ElementID(9_999)]
            for _ in 0..<20 {
                let id = random.pick(ids)
                let report: UserAction<TestRoute>?
                switch random.next() % 5 {
                case 0:
                    var showing: [ElementID] = []
                    if let stack = state.node(id)?.stack {
                        showing = Array(
                            stack.elements.prefix(1 + Int(random.next() % UInt64(stack.count))).map { $0.id })
                    } else if random.chance(0.5) {
                        showing = [random.pick(ids)]
                    }
                    if random.chance(0.1) { showing.append(random.pick(ids)) }
                    report = try? UserAction.stack(id, showing: showing, in: state)
                case 1:
                    report = try? UserAction.dismissal(of: id, in: state)
                case 2:
                    let tab = state.node(id)?.tabs.map { random.pick($0.ids) } ?? random.pick(RandomStates.tabIDs)
                    report = try? UserAction.tab(tab, of: id, in: state)
                case 3:
                    report = try? UserAction.column(showing: id, in: state)
                default:
                    report = try? UserAction.sheet(id, movedTo: RandomStates.detent(&random), in: state)
                }
                guard let report else { continue }
                made += 1
                try flow.restore(state)
                do {
                    try flow.apply(report)
                } catch {
                    Issue.record("seed \(seed): \(report) refused: \(error)\n\(state)")
                }
                // What the window shows after acknowledging it is what the flow shows.
                #expect(
                    FakeWindow.projection(of: state.acknowledging(report)) == FakeWindow.projection(of: flow.state),
                    "seed \(seed): \(report)")
            }
        }
        #expect(made > 100)
    }
}
