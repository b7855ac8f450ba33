import Foundation
import Testing

@testable import Destinations

extension SnapshotValue {
    /// The object's members, or none.
    var members: [String: SnapshotValue] {
        if case .object(let members) = self { return members }
        return [:]
    }
}

/// The first modal saved anywhere in `value`.
func firstModal(in value: SnapshotValue) -> SnapshotValue? {
    switch value {
    case .object(let members):
        if let modal = members["modal"] { return modal }
        return members.values.lazy.compactMap { firstModal(in: $0) }.first
    case .array(let values):
        return values.lazy.compactMap { firstModal(in: $0) }.first
    default:
        return nil
    }
}

/// Restoring keeps what it can: what the app cannot build, tabs it no longer has, a sidebar
/// that failed, modals off the focus path, and ids inside route payloads never cost the rest.
@Suite struct RestorationKeepsWhatItCanTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anIDInsideARoutesPayloadDoesNotRenumberTheElements() throws {
        let layout: Layout<TestRoute> = .stack(.home)
        var saved = try NavigationState(layout)
        saved = try saved.applying(.push(.detail(1 << 53)))
        let data = try NavigationSnapshot(saved, schemaVersion: 1, savedAt: now).encoded()
        let restored = try Restoration(layout: layout, schemaVersion: 1).restore(data, now: now)
        #expect(!restored.report.issues.contains(.idsRenumbered))
        #expect(restored.state == saved, "every element keeps its saved id, so every Destination is kept")
    }

    @Test func anyNumberOfModalsOffTheFocusPathAreDroppedAndTheRestComesBack() throws {
        let tabs = (0..<70).map { TabLayout<TestRoute>.tab(TabID("t\($0)"), .stack(.home)) }
        let layout: Layout<TestRoute> = .tabs(tabs)
        var saved = try NavigationState(layout)
        saved = try saved.applying(.sheet(.editor))  // one modal on the focus path, as a template
        var snapshot = try NavigationSnapshot(saved, schemaVersion: 1, savedAt: now)
        var root = snapshot.state.members
        guard case .array(var savedTabs)? = root["tabs"], let template = savedTabs.first.flatMap({ firstModal(in: $0) })
        else {
            Issue.record("unexpected snapshot shape")
            return
        }
        var nextID: Int64 = 10_000
        for index in savedTabs.indices.dropFirst() {
            var tab = savedTabs[index].members
            var node = tab["node"]?.members ?? [:]
            var modal = template.members
            var content = modal["content"]?.members ?? [:]
            content["id"] = .integer(nextID)
            nextID += 1
            modal["content"] = .object(content)
            node["modal"] = .object(modal)
            tab["node"] = .object(node)
            savedTabs[index] = .object(tab)
        }
        root["tabs"] = .array(savedTabs)
        snapshot.state = .object(root)
        let restored = try Restoration(layout: layout, schemaVersion: 1).restore(snapshot, now: now)
        #expect(!restored.report.usedInitialState)
        #expect(restored.report.issues.filter { if case .modalDropped = $0 { true } else { false } }.count == 69)
        #expect(restored.state.presentedChain.count == 1, "the modal on the focus path stays")
        #expect(restored.state.firstProblem == nil)
    }

    @MainActor @Test func aRouteWithoutAProviderIsPrunedInsteadOfFailingTheRestore() throws {
        let layout: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))])
        var saved = try NavigationState(layout)
        saved = try saved.applying(.path([.push(.list), .push(.unprovided), .push(.detail(1))]))
        let data = try NavigationSnapshot(saved, schemaVersion: 1, savedAt: now).encoded()
        let providers = testProviders(log: Log())
        let restored = try Restoration(layout: layout, schemaVersion: 1)
            .restore(data, now: now, isProvided: { route in route != .unprovided })
        #expect(restored.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home, .list])
        #expect(restored.report.issues.contains(.noProvider(path: "root/tabs[inbox]/stack[2]", route: ".unprovided")))
        // The flow takes it.
        let flow = try Flow(layout, providers: providers)
        #expect(try flow.restore(restored.state) == .applied)
    }

    @Test func savedTabsAreMatchedToTheLayout() throws {
        let old: Layout<TestRoute> = .tabs(
            [.tab(.inbox, .stack(.home)), .tab(.search, .stack(.list))], selected: .search)
        let current: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))])
        let saved = try NavigationState(old).applying(.path([.selectTab(.inbox), .push(.about)]))
        let data = try NavigationSnapshot(saved, schemaVersion: 1, savedAt: now).encoded()
        let restored = try Restoration(layout: current, schemaVersion: 1).restore(data, now: now)
        #expect(!restored.report.usedInitialState)
        #expect(restored.report.issues.contains(.tabDropped(.search)))
        #expect(restored.report.issues.contains(.tabAdded(.profile)))
        #expect(
            restored.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home, .about],
            "the saved tab keeps its screens")
        #expect(restored.state.stack(inTab: .profile)?.elements.map(\.route) == [.settings])
        #expect(restored.state.stack(inTab: .search) == nil)
    }

    @Test func aFailingSidebarKeepsTheDetailColumn() throws {
        let layout: Layout<TestRoute> = .split(sidebar: .stack(.menu), detail: .stack(.home))
        let saved = try NavigationState(layout).applying(.push(.detail(3)))
        let data = try NavigationSnapshot(saved, schemaVersion: 1, savedAt: now).encoded()
        let restoration = try Restoration(layout: layout, schemaVersion: 1, policy: { $0 == .menu ? .never : .restore })
        let restored = restoration.restore(data, now: now)
        #expect(!restored.report.usedInitialState)
        #expect(restored.report.issues.contains(.sidebarReset(path: "root/sidebar")))
        #expect(restored.state.screens.map(\.route).suffix(2) == [.home, .detail(3)], "the detail column came back")
    }

    @Test func aPadSnapshotRestoredIntoThePhoneLayoutIsReported() throws {
        let pad: Layout<TestRoute> = .split(sidebar: .stack(.menu), detail: .stack(.home))
        let phone: Layout<TestRoute> = .stack(.home)
        let saved = try NavigationState(pad).applying(.push(.detail(3)))
        let data = try NavigationSnapshot(saved, schemaVersion: 1, savedAt: now).encoded()
        let restored = try Restoration(layout: phone, schemaVersion: 1).restore(data, now: now)
        #expect(restored.report.issues == [.layoutChanged(saved: "split (2 columns)", layout: "stack")])
        #expect(!restored.report.isComplete)
        #expect(restored.state == saved, "restored as saved; the report says it is another layout's")
        // The same snapshot into the layout that saved it reports nothing.
        let same = try Restoration(layout: pad, schemaVersion: 1).restore(data, now: now)
        #expect(same.report.issues.isEmpty)
    }

    @Test func aSnapshotOlderThanTheMaximumAgeGivesTheInitialState() throws {
        let layout: Layout<TestRoute> = .stack(.home)
        let saved = try NavigationState(layout).applying(.push(.list))
        let data = try NavigationSnapshot(saved, schemaVersion: 1, savedAt: now.addingTimeInterval(-7200)).encoded()
        let restoration = try Restoration(layout: layout, schemaVersion: 1, maximumAge: 3600)
        let restored = restoration.restore(data, now: now)
        #expect(restored.report.usedInitialState)
        #expect(restored.report.issues.contains(.snapshotExpired(age: 7200, limit: 3600)))
        #expect(restoration.restore(data, now: now.addingTimeInterval(-5000)).report.usedInitialState == false)
    }
}
