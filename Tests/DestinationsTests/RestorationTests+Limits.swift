import Foundation
import Testing

@testable import Destinations

enum BigRoute: NavigationRoute, Codable {
    case home
    case item(UInt64)
}

/// Restoration at the edges: ids near the limit, snapshots from the future, numbers above
/// `Int64`, and JSON nested too deep to decode.
extension RestorationTests {
    /// Saved ids near the limit are renumbered, and the restored flow goes on pushing.
    @MainActor @Test func idsNearTheLimitAreRenumbered() throws {
        let layout: Layout<TestRoute> = .stack(.home)
        let home = try JSONDecoder().decode(SnapshotValue.self, from: JSONEncoder().encode(TestRoute.home))
        let tree: SnapshotValue = .object([
            "id": .integer(1),
            "stack": .array([
                .object(["id": .integer(Int64(ElementID.maximum.rawValue)), "screen": home])
            ]),
        ])
        let restored = try Restoration(layout: layout, schemaVersion: 1).restore(
            NavigationSnapshot(schemaVersion: 1, savedAt: Date(), state: tree))
        #expect(restored.report.issues == [.idsRenumbered])
        #expect(restored.report.restoredScreens == 1)
        let flow = try makeFlow(layout)
        try flow.restore(restored.state)
        try flow.apply(.push(.list))
        #expect(flow.focusedScreen.route == .list)
    }

    /// A snapshot saved in the future is too old for every age limit.
    @Test func aSnapshotFromTheFutureIsTooOldForEveryAgeLimit() throws {
        let layout: Layout<TestRoute> = .stack(.home)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let state = try NavigationState(layout).applying(.push(.editor))
        let snapshot = try NavigationSnapshot(state, schemaVersion: 1, savedAt: now.addingTimeInterval(365 * 86_400))
        let restored = try Restoration(layout: layout, schemaVersion: 1) { $0 == .editor ? .maximumAge(600) : .restore }
            .restore(snapshot, now: now)
        #expect(restored.state.focusedScreen.route == .home)
    }

    /// Unsigned payloads above `Int64.max` round-trip.
    @Test func unsignedPayloadsAboveInt64RoundTrip() throws {
        let layout: Layout<BigRoute> = .stack(.home)
        let state = try NavigationState(layout).applying(.push(.item(UInt64.max - 1)))
        let restored = try Restoration(layout: layout, schemaVersion: 1).restore(
            NavigationSnapshot(state, schemaVersion: 1).encoded())
        #expect(restored.state == state, "\(restored.report.issues)")
    }

    /// JSON nested deeper than the limit is refused before it is decoded.
    @Test func deeplyNestedJSONIsRefusedBeforeDecoding() throws {
        let restoration = try Restoration(layout: Layout<TestRoute>.stack(.home), schemaVersion: 1)
        let nested = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let data = Data(#"{"format":1,"schemaVersion":1,"savedAt":0,"state":\#(nested)}"#.utf8)
        let restored = restoration.restore(data)
        #expect(restored.report.usedInitialState)
        guard case .unreadableSnapshot(let reason)? = restored.report.issues.first else {
            Issue.record("\(restored.report.issues)")
            return
        }
        #expect(reason.contains("nested"))
        // Brackets inside strings do not count.
        #expect(NavigationSnapshot.nesting(of: Array(#"["[[[[[[", "\"[[["]"#.utf8), above: 2) == nil)
    }
}
