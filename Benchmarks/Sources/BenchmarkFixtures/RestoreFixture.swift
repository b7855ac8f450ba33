import Destinations
import Foundation

/// A flow and two saved snapshots of `screens` screens each, told apart by their ids, for
/// measuring the documented restore: `Restoration.restore(data)` then `Flow.restore(_:)`.
///
/// Restoring the two in turn makes every restore a whole one: each replaces every screen the
/// flow shows, so it builds `screens` Destinations and retires as many.
@MainActor
public final class RestoreFixture {
    /// The flow the snapshots are restored into.
    public let flow: Flow<BenchRoute>
    /// The scene's restoration, on the layout the snapshots were saved from.
    public let restoration: Restoration<BenchRoute>
    /// The two snapshots, as `NavigationSnapshot.encoded()` wrote them.
    public let snapshots: [Data]
    /// The screens each snapshot holds.
    public let screens: Int
    /// When the snapshots were saved and restored: fixed, so that every run reads the same.
    let savedAt = Date(timeIntervalSince1970: 1_800_000_000)

    /// Saves two states of `screens` screens (a deep tab of `screens - 1` and another tab of
    /// one), with disjoint ids, and makes a flow showing the layout's first state.
    public init(screens: Int) throws {
        let count = max(screens, 2)
        self.screens = count
        var configuration = FlowConfiguration(layout: .deepTabs(depth: 1), providers: .bench, logger: .disabled)
        configuration.maximumScreens = max(configuration.maximumScreens, 2 * count)
        flow = try Flow(configuration)
        restoration = try Restoration(
            layout: .deepTabs(depth: 1), schemaVersion: 1, maximumElements: max(10_000, 2 * count),
            maximumBytes: max(1 << 20, 200 * count))
        var snapshots: [Data] = []
        for first: UInt64 in [1_000_000, 2_000_000] {
            var ids = SequentialElementIDs(startingAt: first)
            let state = try NavigationState(.deepTabs(depth: count - 1), ids: &ids)
            snapshots.append(try NavigationSnapshot(state, schemaVersion: 1, savedAt: savedAt).encoded())
        }
        self.snapshots = snapshots
        // Every screen comes back, with nothing to report: the loop measures a clean restore.
        let restored = restoration.restore(snapshots[0], now: savedAt)
        guard restored.report.issues.isEmpty, restored.report.restoredScreens == count else {
            throw FixtureError.unexpectedShape
        }
    }

    /// Restores snapshot `index` (0 or 1) into the flow, as an app does at launch.
    public func restore(_ index: Int) throws {
        let restored = restoration.restore(snapshots[index], now: savedAt)
        guard !restored.report.usedInitialState else { throw FixtureError.unexpectedShape }
        try flow.restore(restored.state)
    }
}
