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
    func scenes(_ store: InMemorySceneStore, session: GoldenSession, markers: URL? = nil) throws -> Scenes<GoldenRoute> {
        try Scenes(
            kinds: [SceneKind("main", layout: GoldenURLs.main)], providers: URLFlows.providers(),
            store: store, router: try GoldenURLs.router(links: URLFlows.links), markerDirectory: markers,
            configure: { flow, _ in flow.guards = [privateNotesGuard(session, redirect: false)] }
        )
    }

    @Test func restoredWindowsAndLaunchLinksMeetTheGuards() throws {
        let store = InMemorySceneStore()
        let session = GoldenSession()
        session.isSignedIn = true
        let first = try scenes(store, session: session)
        try first.connect(sceneID: "A", kind: "main").flow.apply(.push(.note(id: 5)))
        first.disconnect("A")
        session.isSignedIn = false
        let (connection, link) = try scenes(store, session: session)
            .connect(sceneID: "A", kind: "main", launching: "notes://notes/12", source: .external(.universalLink))
        guard case .failure = link else { Issue.record("the launch link to a private note opened"); return }
        #expect(!connection.flow.state.screens.contains { $0.route?.isPrivate == true })
        #expect(connection.report.usedInitialState, "the restore holding note 5 was refused")
    }

    @Test func aWindowThatCrashedWhileRestoringSkipsItOnce() throws {
        let store = InMemorySceneStore()
        let markers = FileManager.default.temporaryDirectory.appendingPathComponent("markers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: markers) }
        let session = GoldenSession()
        let first = try scenes(store, session: session, markers: markers)
        try first.connect(sceneID: "A", kind: "main").flow.apply(.selectTab(.settingsTab))
        first.disconnect("A")
        // The launch dies while restoring: the marker stays.
        let breaker = CrashLoopBreaker(marker: FileSceneStore(directory: markers).file("A").appendingPathExtension("restoring"))
        #expect(breaker.beginRestoring())
        let skipped = try scenes(store, session: session, markers: markers).connect(sceneID: "A", kind: "main")
        #expect(skipped.report.issues == [.skippedAfterCrash])
        let next = try scenes(store, session: session, markers: markers).connect(sceneID: "A", kind: "main")
        #expect(next.report.isComplete)
    }

    @Test func forwardAfterAnInAppChangeKeepsTheChange() throws {
        let scenes = try Scenes(kinds: [SceneKind("main", layout: GoldenURLs.main)], providers: URLFlows.providers(),
                                store: InMemorySceneStore(), router: try GoldenURLs.router(links: URLFlows.links))
        let flow = try scenes.connect(sceneID: "A", kind: "main").flow
        _ = try scenes.open("notes://notes/12", in: "A", source: .app).get()
        #expect(try scenes.back("A"))
        try flow.apply(.path([.selectTab(.settingsTab), .push(.about)]))
        #expect(try scenes.forward("A") == false)
        #expect(flow.focusedScreen.route == .about)
    }

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
