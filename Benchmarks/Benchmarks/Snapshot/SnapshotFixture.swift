import BenchmarkFixtures
import Destinations
import Foundation

/// The 200-screen state, its flat floor, and the coders, made once per benchmark.
final class SnapshotFixture {
    let state: NavigationState<BenchRoute>
    let flat: [FlatNode]
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    let stateData: Data

    init() throws {
        state = try NavigationState.snapshot()
        flat = state.flatNodes
        stateData = try encoder.encode(state)
        guard state.screens.count == 200, flat.count == state.nodes.count,
            try decoder.decode(NavigationState<BenchRoute>.self, from: stateData) == state
        else { throw FixtureError.unexpectedShape }
    }
}
