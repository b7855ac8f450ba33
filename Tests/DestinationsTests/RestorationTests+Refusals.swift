import Foundation
import Testing

@testable import Destinations

/// Restoration at its limits (issue 32.14): a snapshot over a limit is refused whole with a typed
/// reason, an unknown format is unknown, bad ids are renumbered, a guard drops only what it denies.
extension RestorationTests {
    @Test func aSnapshotWithMoreElementsThanTheLimitIsRefusedWholeNotCutShort() throws {
        let restoration = try Restoration(layout: layout, schemaVersion: 1, maximumElements: 100)
        let long = try (1...1_000).map {
            SnapshotValue.object(["id": .integer(Int64($0 + 1)), "screen": try screen(.detail($0))])
        }
        let stack: SnapshotValue = .object(["id": .integer(1), "stack": .array(long)])
        let refused = restoration.restore(NavigationSnapshot(schemaVersion: 1, savedAt: now, state: stack), now: now)
        #expect(refused.report.issues == [.tooManyElements(count: 1_001, limit: 100)])
        #expect(refused.report.usedInitialState)
        #expect(refused.state == (try NavigationState(layout)))
    }

    @Test func aSnapshotNestedDeeperThanTheLimitIsRefusedWholeNotCutShort() throws {
        let restoration = try Restoration(layout: Layout<TestRoute>.stack(.home), schemaVersion: 1, maximumDepth: 8)
        var tree: SnapshotValue = .object(["id": .integer(1), "screen": try screen(.home)])
        for id in 2...20 {
            tree = .object([
                "id": .integer(Int64(id)), "screen": try screen(.home),
                "modal": .object(["style": .object(["sheet": .object(["_0": .object([:])])]), "content": tree]),
            ])
        }
        let refused = restoration.restore(NavigationSnapshot(schemaVersion: 1, savedAt: now, state: tree), now: now)
        #expect(refused.report.issues == [.tooDeep(depth: 19, limit: 8)])
        #expect(refused.report.usedInitialState)
    }

    @Test func dataOverTheByteLimitIsNotReadAndTheDefaultIsOneMebibyte() throws {
        #expect(try restoration().maximumBytes == 1 << 20)
        let data = try snapshot(savedState()).encoded()
        let small = try Restoration(layout: layout, schemaVersion: 1, maximumBytes: 100)
        let refused = small.restore(data, now: now)
        #expect(refused.report.issues == [.tooLarge(bytes: data.count, limit: 100)])
        #expect(refused.report.usedInitialState)
        let huge = Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1)
        #expect(
            try restoration().restore(huge, now: now).report.issues == [.tooLarge(bytes: (1 << 20) + 1, limit: 1 << 20)]
        )
        #expect(try restoration().restore(data, now: now).report.isComplete)
    }

    @Test func anUnknownFormatShapedOtherwiseIsReportedAsUnknownNotCorrupt() throws {
        let restoration = try restoration()
        let other = Data(#"{"format":2,"envelope":{"state":"elsewhere"}}"#.utf8)
        #expect(restoration.restore(other, now: now).report.issues == [.unknownFormat(2)])
        let corrupt = Data(#"{"format":1,"state":"x"}"#.utf8)
        guard case .unreadableSnapshot? = restoration.restore(corrupt, now: now).report.issues.first else {
            Issue.record("a corrupt snapshot of the current format is unreadable")
            return
        }
    }

    @Test func corruptOrDuplicateIDsAreRenumberedAndTheirScreensComeBack() throws {
        let restoration = try Restoration(layout: Layout<TestRoute>.stack(.home), schemaVersion: 1)
        let tree: SnapshotValue = .object([
            "id": .integer(1),
            "stack": .array([
                .object(["id": .integer(2), "screen": try screen(.home)]),
                .object(["id": .integer(2), "screen": try screen(.list)]),
                .object(["screen": try screen(.detail(1))]),
                .object(["id": .integer(-4), "screen": try screen(.detail(2))]),
                .object(["id": .string("x"), "screen": try screen(.detail(3))]),
                .object(["id": .integer(9), "screen": try screen(.detail(4))]),
            ]),
        ])
        let restored = restoration.restore(NavigationSnapshot(schemaVersion: 1, savedAt: now, state: tree), now: now)
        #expect(restored.state.screens.map(\.route) == [.home, .list, .detail(1), .detail(2), .detail(3), .detail(4)])
        #expect(Set(restored.state.nodes.map(\.id)).count == 7)
        #expect(restored.state.screens.first { $0.route == .detail(4) }?.id == ElementID(9))
        #expect(restored.report.issues.count { if case .idReplaced = $0 { true } else { false } } == 4)
        #expect(!restored.report.usedInitialState)
    }

    @MainActor @Test func aGuardThatDeniesPartOfARestoredStateDropsOnlyTheScreensItDenies() throws {
        let store = InMemorySceneStore()
        store.save(try snapshot(savedState()).encoded(), for: "s1")
        let noEditor = NavigationGuard<TestRoute>("noEditor") { change in
            change.added.contains(.editor) ? .deny(reason: "read only") : .allow
        }
        let scenes = try Scenes(
            kinds: [SceneKind("main", layout: layout)], providers: testProviders(log: Log()), store: store,
            configure: { flow, _ in flow.guards = [noEditor] })
        let connection = try scenes.connect(sceneID: "s1", kind: "main")
        let routes = connection.flow.state.screens.map(\.route)
        #expect(routes.contains(.detail(2)) && routes.contains(.about))
        #expect(!routes.contains(.editor))
        #expect(connection.flow.focusedScreen.route == .detail(2))
        #expect(!connection.report.usedInitialState)
        #expect(
            connection.report.issues.contains(
                .deniedByGuard(
                    path: "root/tabs[inbox]/stack[3]/modal", route: TestRoute.editor.readableDescription,
                    guard: "noEditor")))
    }
}
