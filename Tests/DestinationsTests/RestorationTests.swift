import Foundation
import Testing

@testable import Destinations

/// Versioned snapshots, lenient restoration, migrations, policies, the crash-loop breaker and
/// the history: restoring never throws, never crashes, and keeps what it can.
@Suite struct RestorationTests {
    let layout: Layout<TestRoute> = .tabs([
        .tab(.inbox, .stack(.home)),
        .tab(.profile, .stack(.settings)),
        .tab(.search, .screen(.menu)),
    ])
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func restoration(
        version: Int = 1,
        migrations: [SnapshotMigration] = [],
        policy: @escaping @Sendable (TestRoute) -> RestorationPolicy<TestRoute> = { _ in .restore }
    ) throws -> Restoration<TestRoute> {
        try Restoration(layout: layout, schemaVersion: version, migrations: migrations, policy: policy)
    }

    /// The inbox stack home → list → detail(1) → detail(2), detail(2) presenting a sheet with
    /// the editor, and the profile tab at about.
    func savedState() throws -> NavigationState<TestRoute> {
        var state = try NavigationState(layout)
        state = try state.applying(.path([.selectTab(.profile), .push(.about), .selectTab(.inbox)]))
        state = try state.applying(.path([.push(.list), .push(.detail(1)), .push(.detail(2)), .sheet(.editor)]))
        return state
    }

    func snapshot(_ state: NavigationState<TestRoute>, version: Int = 1, age: TimeInterval = 60) throws
        -> NavigationSnapshot
    {
        try NavigationSnapshot(state, schemaVersion: version, savedAt: now.addingTimeInterval(-age))
    }

    /// Rewrites the saved screen whose route is `route` with `replacement`.
    func replacingScreen(_ route: SnapshotValue, with replacement: SnapshotValue, in snapshot: NavigationSnapshot)
        -> NavigationSnapshot
    {
        var edited = snapshot
        edited.state.rewriteScreens { $0 == route ? replacement : $0 }
        return edited
    }

    func screen(_ route: TestRoute) throws -> SnapshotValue {
        try JSONDecoder().decode(SnapshotValue.self, from: JSONEncoder().encode(route))
    }

    @Test func aSnapshotRoundTripsWithItsIDs() throws {
        let state = try savedState()
        let data = try snapshot(state).encoded()
        let restored = try restoration().restore(data, now: now)
        #expect(restored.state == state)
        #expect(restored.report.isComplete)
        #expect(restored.report.restoredScreens == state.screens.count)
    }

    @Test func aStackComesBackAsItsLongestValidPrefix() throws {
        let saved = try snapshot(savedState())
        let edited = replacingScreen(try screen(.detail(1)), with: .object(["removedRoute": .object([:])]), in: saved)
        let restored = try restoration().restore(edited, now: now)
        let inbox = try #require(restored.state.stack(inTab: .inbox))
        #expect(inbox.elements.map { $0.route } == [.home, .list], "detail(1) fails, so it and everything above it go")
        #expect(restored.report.issues.contains { if case .undecodableRoute = $0 { true } else { false } })
        #expect(restored.report.issues.contains(.stackTruncated(path: "root/tabs[inbox]", kept: 2, saved: 4)))
        #expect(restored.state.validateSucceeds)
    }

    @Test func aModalThatFailsIsDroppedAndItsPresenterStays() throws {
        let saved = try snapshot(savedState())
        let edited = replacingScreen(try screen(.editor), with: .string("not a route"), in: saved)
        let restored = try restoration().restore(edited, now: now)
        #expect(restored.state.focusedScreen.route == .detail(2))
        #expect(restored.state.presentedChain.isEmpty)
        #expect(restored.report.issues.contains { if case .modalDropped = $0 { true } else { false } })
    }

    @Test func aTabThatFailsShowsItsInitialContentWithFreshIDs() throws {
        let state = try savedState()
        let saved = try snapshot(state)
        let edited = replacingScreen(try screen(.settings), with: .null, in: saved)
        let restored = try restoration().restore(edited, now: now)
        let profile = try #require(restored.state.stack(inTab: .profile))
        #expect(profile.elements.map { $0.route } == [.settings])
        #expect(restored.report.issues.contains(.tabReset(.profile)))
        let largestSaved = state.nodes.map { $0.id.rawValue }.max() ?? 0
        #expect(profile.elements.allSatisfy { $0.id.rawValue > largestSaved })
        #expect(restored.state.validateSucceeds)
    }

    @Test func migrationsRunInOrderOnTheRawTree() throws {
        // Version 1 called the editor `compose`; version 2 renamed `about` to `settings`'s
        // `licenses`… here: v1 → v2 renames `legacyEditor` to `editor`, v2 → v3 renames
        // `legacyAbout` to `about`.
        var saved = try snapshot(savedState(), version: 1)
        saved.state.rewriteScreens { route in
            if route == (try? screen(.editor)) { return .object(["legacyEditor": .object([:])]) }
            if route == (try? screen(.about)) { return .object(["legacyAbout": .object([:])]) }
            return route
        }
        let order = Recorder()
        let migrations = [
            SnapshotMigration(from: 2) { tree in
                order.append(2)
                tree.rewriteScreens {
                    $0 == .object(["legacyAbout": .object([:])]) ? .object(["about": .object([:])]) : $0
                }
            },
            SnapshotMigration(from: 1) { tree in
                order.append(1)
                tree.rewriteScreens {
                    $0 == .object(["legacyEditor": .object([:])]) ? .object(["editor": .object([:])]) : $0
                }
            },
        ]
        let restored = try restoration(version: 3, migrations: migrations).restore(saved, now: now)
        #expect(order.values == [1, 2])
        #expect(restored.state == (try savedState()))
        #expect(restored.report.isComplete)
    }

    @Test func aNewerOrUnmigratableSnapshotGivesTheInitialState() throws {
        let initial = try NavigationState(layout)
        let newer = try restoration(version: 1).restore(snapshot(savedState(), version: 2), now: now)
        #expect(newer.state == initial)
        #expect(newer.report.usedInitialState)
        #expect(newer.report.issues == [.newerSchema(saved: 2, current: 1)])
        let old = try restoration(version: 3).restore(snapshot(savedState(), version: 1), now: now)
        #expect(old.report.issues == [.missingMigration(from: 1)])
        struct Broken: Error {}
        let failing = try restoration(version: 2, migrations: [SnapshotMigration(from: 1) { _ in throw Broken() }])
            .restore(snapshot(savedState(), version: 1), now: now)
        #expect(failing.state == initial)
        #expect(failing.report.issues.count == 1)
    }

    @Test func policiesDropReplaceAndExpireScreens() throws {
        let saved = try snapshot(savedState(), age: 3_600)
        let never = try restoration { $0 == .detail(1) ? .never : .restore }.restore(saved, now: now)
        #expect(never.state.stack(inTab: .inbox)?.elements.map { $0.route } == [.home, .list])
        #expect(never.report.issues.contains(.droppedByPolicy(path: "root/tabs[inbox]/stack[2]", route: ".detail(1)")))

        let replaced = try restoration { $0 == .editor ? .replace(with: .confirm) : .restore }.restore(saved, now: now)
        #expect(replaced.state.focusedScreen.route == .confirm)

        let expired = try restoration { $0 == .editor ? .maximumAge(600) : .restore }.restore(saved, now: now)
        #expect(expired.state.presentedChain.isEmpty, "the sheet is an hour old, its limit ten minutes")
        let fresh = try restoration { $0 == .editor ? .maximumAge(7_200) : .restore }.restore(saved, now: now)
        #expect(fresh.state.focusedScreen.route == .editor)
    }

    @Test func aModalThatTheRulesNoLongerAllowIsDropped() throws {
        // A sheet left in a tab that is not selected, as an older version could save it.
        var state = try NavigationState(layout)
        state = try state.applying(.sheet(.editor))
        var saved = try snapshot(state)
        guard case .object(var root) = saved.state else {
            Issue.record("not an object")
            return
        }
        root["selected"] = .string("profile")
        saved.state = .object(root)
        let restored = try restoration().restore(saved, now: now)
        #expect(restored.state.presentedChain.isEmpty)
        guard case .tabs(let tabs) = restored.state.root.content else {
            Issue.record("no tab bar")
            return
        }
        #expect(tabs.selection == .profile)
        #expect(restored.state.validateSucceeds)
    }

    @Test func unreadableDataGivesTheInitialStateWithAReason() throws {
        let restoration = try restoration()
        for data in [Data(), Data("{".utf8), Data("[]".utf8), Data(#"{"format":1}"#.utf8)] {
            let restored = restoration.restore(data, now: now)
            #expect(restored.report.usedInitialState)
            #expect(restored.state == (try NavigationState(layout)))
        }
        var future = try snapshot(savedState())
        future.format = 99
        #expect(restoration.restore(future, now: now).report.issues == [.unknownFormat(99)])
    }

    @Test func deeplyNestedOrHugeSnapshotsNeverCrash() throws {
        let restoration = try Restoration(layout: layout, schemaVersion: 1, maximumElements: 100)
        // JSON nested far deeper than any state.
        let deep = Data(
            (#"{"format":1,"schemaVersion":1,"savedAt":0,"state":"# + String(repeating: "[", count: 100_000)).utf8)
        #expect(restoration.restore(deep, now: now).report.usedInitialState)
        // Elements nested deeper than the reader goes: modals of modals.
        var tree: SnapshotValue = .object(["id": .integer(1), "screen": try screen(.home)])
        for id in 2...5_000 {
            tree = .object([
                "id": .integer(Int64(id)), "screen": try screen(.home),
                "modal": .object(["style": .object(["sheet": .object(["_0": .object([:])])]), "content": tree]),
            ])
        }
        let nested = restoration.restore(NavigationSnapshot(schemaVersion: 1, savedAt: now, state: tree), now: now)
        #expect(nested.state.validateSucceeds)
        // More elements than allowed: a stack of 1,000.
        let long = (1...1_000).map {
            SnapshotValue.object(["id": .integer(Int64($0 + 1)), "screen": (try? screen(.detail($0))) ?? .null])
        }
        let stack: SnapshotValue = .object(["id": .integer(1), "stack": .array(long)])
        let capped = restoration.restore(NavigationSnapshot(schemaVersion: 1, savedAt: now, state: stack), now: now)
        #expect(capped.report.issues == [.tooManyElements(count: 1_001, limit: 100)])
        #expect(capped.report.usedInitialState)
    }

    @Test func mutatedAndTruncatedSnapshotsAlwaysRestoreAValidState() throws {
        let restoration = try restoration()
        var random = SeededRandom(seed: 0x5A7E)
        let iterations = ProcessInfo.processInfo.environment["DESTINATIONS_RESTORE_FUZZ"].flatMap(Int.init) ?? 300
        for _ in 0..<iterations {
            let state = RandomStates.state(&random)
            let data = Array(try NavigationSnapshot(state, schemaVersion: 1, savedAt: now).encoded())
            var mutated = data
            switch random.next() % 3 {
            case 0: mutated = Array(data.prefix(Int(random.next() % UInt64(data.count))))
            case 1:
                for _ in 0..<(1 + random.next() % 4) {
                    mutated[Int(random.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: random.next())
                }
            default:
                let cut = Int(random.next() % UInt64(data.count))
                mutated.removeSubrange(cut..<min(data.count, cut + 1 + Int(random.next() % 16)))
            }
            let restored = restoration.restore(Data(mutated), now: now)
            #expect(restored.state.validateSucceeds)
            // Whatever an unmutated snapshot restores to is the saved state itself.
        }
    }

    @Test func everyStackComesBackAsItsLongestValidPrefixOverRandomStates() throws {
        let restoration = try restoration()
        var random = SeededRandom(seed: 0x9E1F)
        var checked = 0
        for _ in 0..<200 {
            let state = RandomStates.state(&random)
            // Pick a screen inside a stack, not the stack's root, and break its route.
            var candidates: [(stack: ElementID, index: Int, screen: ElementID)] = []
            for node in state.nodes {
                guard case .stack(let stack) = node.content, stack.count > 1 else { continue }
                for index in 1..<stack.count { candidates.append((node.id, index, stack[index].id)) }
            }
            guard !candidates.isEmpty else { continue }
            let victim = random.pick(candidates)
            var snapshot = try NavigationSnapshot(state, schemaVersion: 1, savedAt: now)
            snapshot.state = Self.replacingRoute(of: victim.screen, in: snapshot.state)
            let restored = restoration.restore(snapshot, now: now)
            guard !restored.report.usedInitialState else { continue }
            guard let node = restored.state.node(victim.stack), case .stack(let stack) = node.content else {
                // The stack sat inside a modal the rules then dropped, or a tab that reset.
                continue
            }
            #expect(stack.count == victim.index, "the stack keeps the screens below the broken one")
            checked += 1
        }
        #expect(checked > 50, "the property must be exercised: \(checked)")
    }

    /// The saved tree with the route of element `id` replaced by one no route decodes from.
    static func replacingRoute(of id: ElementID, in tree: SnapshotValue) -> SnapshotValue {
        switch tree {
        case .object(var members):
            if case .integer(let saved)? = members["id"], UInt64(saved) == id.rawValue, members["screen"] != nil {
                members["screen"] = .object(["noSuchRoute": .object([:])])
                return .object(members)
            }
            for (key, value) in members { members[key] = replacingRoute(of: id, in: value) }
            return .object(members)
        case .array(let values):
            return .array(values.map { replacingRoute(of: id, in: $0) })
        default:
            return tree
        }
    }

    @Test func restoringIntoAFlowKeepsTheDestinationsOfUnchangedScreens() async throws {
        try await MainActor.run {
            let log = Log()
            let flow = try makeFlow(layout, log: log)
            try flow.apply(.path([.push(.list), .push(.detail(1))]))
            let saved = try NavigationSnapshot(flow.state, schemaVersion: 1, savedAt: now).encoded()
            try flow.apply(.path([.push(.detail(2)), .push(.detail(3))]))
            let built = log.builtCount
            try flow.restore(restoration().restore(saved, now: now).state)
            #expect(flow.state.stack(inTab: .inbox)?.elements.map { $0.route } == [.home, .list, .detail(1)])
            #expect(log.builtCount == built, "home, list and detail(1) keep their Destinations")
        }
    }
}

/// A thread-safe list, for migrations (which are `@Sendable`) to record their order.
final class Recorder: @unchecked Sendable {
    private var stored: [Int] = []
    private let lock = NSLock()
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
    var values: [Int] { lock.withLock { stored } }
}

extension NavigationState {
    var validateSucceeds: Bool { firstProblem == nil }
}

@Suite struct CrashLoopBreakerTests {
    @Test func aLaunchThatDiedWhileRestoringSkipsRestoringOnce() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("restoring-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let breaker = CrashLoopBreaker(marker: marker)
        #expect(breaker.beginRestoring())
        // The app crashes here: finishRestoring() never runs.
        #expect(!breaker.beginRestoring(), "the next launch skips restoring")
        #expect(breaker.beginRestoring(), "and the one after restores again")
        breaker.finishRestoring()
        #expect(breaker.beginRestoring())
        breaker.finishRestoring()
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}

@Suite struct NavigationHistoryTests {
    @Test func backAndForwardRoundTrip() throws {
        let first = try NavigationState(Layout<TestRoute>.stack(.home))
        let second = try first.applying(.push(.list))
        let third = try second.applying(.push(.detail(1)))
        var history = NavigationHistory<TestRoute>()
        for state in [first, second, third] { history.record(state) }
        #expect(history.back() == second)
        #expect(history.back() == first)
        #expect(history.back() == nil)
        #expect(history.current == first)
        #expect(history.forward() == second)
        #expect(history.forward() == third)
        #expect(history.forward() == nil)
    }

    @Test func recordingAfterGoingBackDropsTheStatesAhead() throws {
        let first = try NavigationState(Layout<TestRoute>.stack(.home))
        let second = try first.applying(.push(.list))
        let link = try first.applying(.push(.detail(9)))
        var history = NavigationHistory<TestRoute>()
        history.record(first)
        history.record(second)
        _ = history.back()
        history.record(link)
        #expect(history.states == [first, link])
        #expect(!history.canGoForward)
        history.record(link)
        #expect(history.states.count == 2, "recording the current state again does nothing")
    }

    @Test func theOldestStatesGoPastTheCapacity() throws {
        var state = try NavigationState(Layout<TestRoute>.stack(.home))
        var history = NavigationHistory<TestRoute>(capacity: 3)
        for number in 1...5 {
            state = try state.applying(.push(.detail(number)))
            history.record(state)
        }
        #expect(history.states.count == 3)
        #expect(history.states.first?.focusedScreen.route == .detail(3))
        #expect(history.current?.focusedScreen.route == .detail(5))
    }
}
