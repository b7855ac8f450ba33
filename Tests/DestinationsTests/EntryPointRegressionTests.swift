import Foundation
import Testing

@testable import Destinations

enum BigRoute: NavigationRoute, Codable {
    case home, item(UInt64)
}

/// Regressions found by review of the entry points: guards on restored windows and launch
/// links, ids near the limit, future-dated snapshots, big numbers, deep JSON, forward history,
/// the crash-loop breaker in windows.
@MainActor
@Suite struct EntryPointRegressionTests {
    @Test func idsNearTheLimitAreRenumbered() throws {
        let layout: Layout<TestRoute> = .stack(.home)
        let home = try JSONDecoder().decode(SnapshotValue.self, from: JSONEncoder().encode(TestRoute.home))
        let tree: SnapshotValue = .object(["id": .integer(1), "stack": .array([
            .object(["id": .integer(Int64(ElementID.maximum.rawValue)), "screen": home]),
        ])])
        let restored = try Restoration(layout: layout, schemaVersion: 1).restore(NavigationSnapshot(schemaVersion: 1, savedAt: Date(), state: tree))
        #expect(restored.report.issues == [.idsRenumbered])
        #expect(restored.report.restoredScreens == 1)
        let flow = try makeFlow(layout)
        try flow.restore(restored.state)
        try flow.apply(.push(.list))
        #expect(flow.focusedScreen.route == .list)
    }

    @Test func aSnapshotFromTheFutureIsTooOldForEveryAgeLimit() throws {
        let layout: Layout<TestRoute> = .stack(.home)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let state = try NavigationState(layout).applying(.push(.editor))
        let snapshot = try NavigationSnapshot(state, schemaVersion: 1, savedAt: now.addingTimeInterval(365 * 86_400))
        let restored = try Restoration(layout: layout, schemaVersion: 1) { $0 == .editor ? .maximumAge(600) : .restore }
            .restore(snapshot, now: now)
        #expect(restored.state.focusedScreen.route == .home)
    }

    @Test func unsignedPayloadsAboveInt64RoundTrip() throws {
        let layout: Layout<BigRoute> = .stack(.home)
        let state = try NavigationState(layout).applying(.push(.item(UInt64.max - 1)))
        let restored = try Restoration(layout: layout, schemaVersion: 1).restore(NavigationSnapshot(state, schemaVersion: 1).encoded())
        #expect(restored.state == state, "\(restored.report.issues)")
    }

    @Test func deeplyNestedJSONIsRefusedBeforeDecoding() throws {
        let restoration = try Restoration(layout: Layout<TestRoute>.stack(.home), schemaVersion: 1)
        let nested = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let data = Data(#"{"format":1,"schemaVersion":1,"savedAt":0,"state":\#(nested)}"#.utf8)
        let restored = restoration.restore(data)
        #expect(restored.report.usedInitialState)
        guard case .unreadableSnapshot(let reason)? = restored.report.issues.first else { Issue.record("\(restored.report.issues)"); return }
        #expect(reason.contains("nested"))
        // Brackets inside strings do not count.
        #expect(NavigationSnapshot.nesting(of: Data(#"["[[[[[[", "\"[[["]"#.utf8), above: 2) == nil)
    }
}
