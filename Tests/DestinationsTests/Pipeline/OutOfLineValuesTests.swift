import Testing

@testable import Destinations

/// The parts of tabs, tab bars and requests that are kept out of line (so that code specialised
/// for a route copies them directly) still behave as plain values.
@MainActor
@Suite struct OutOfLineValuesTests {
    static func screen(_ id: UInt64, _ route: TestRoute) -> NavigationNode<TestRoute> {
        NavigationNode(id: ElementID(id), content: .screen(route))
    }

    @Test func aTabsSectionRoleAndOriginChangeOneAtATime() {
        var tab = Tab(id: .inbox, node: Self.screen(1, .home), section: "Lists", role: .search)
        let original = tab
        tab.section = "Other"
        #expect(tab.id == .inbox)
        #expect(tab.role == .search)
        tab.role = nil
        #expect(tab.section == "Other")
        tab.isInserted = true
        #expect(tab.section == "Other" && tab.role == nil && tab.isInserted)
        #expect(
            original.section == "Lists" && original.role == .search && !original.isInserted,
            "a copy keeps its own label")
        #expect(tab != original)
        #expect(Tab(id: .inbox, node: Self.screen(1, .home), section: "Lists", role: .search) == original)
    }

    @Test func aBarThatHidAndShowedAgainEqualsOneThatNeverHid() {
        let tabs = [
            Tab(id: .inbox, node: Self.screen(1, .home)), Tab(id: .search, node: Self.screen(2, .list)),
        ]
        let plain = Tabs(tabs: tabs, selection: .inbox)
        var changed = plain
        changed.hidden = [.search]
        #expect(changed != plain)
        #expect(changed.hidden == [.search] && changed.actions.isEmpty)
        #expect(plain.hidden.isEmpty, "a copy keeps its own arrangement")
        changed.hidden = []
        #expect(changed == plain)
        #expect(changed.arranged == nil)
    }

    @Test func aRequestKeepsItsOtherOptionsWhenOneChanges() {
        var request = ChangeRequest<TestRoute>.presentation(.push(.home), handing: "note")
        request.maximumScreens = 5
        request.access = { $0 != .login }
        let copy = request
        request.content = nil
        #expect(request.maximumScreens == 5)
        #expect(request.access?(.home) == true && request.access?(.login) == false)
        #expect(copy.content as? String == "note", "a copy keeps its own options")
        request.maximumScreens = nil
        request.access = nil
        #expect(request.options == nil, "a request with no option set holds nothing out of line")
        #expect(ChangeRequest<TestRoute>.presentation(.push(.home)).options == nil)
    }
}
