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
        #expect(changed.extras == nil)
        changed.hidden = [.search]
        changed.actions = [
            Tabs<TestRoute>.Action(id: "compose", presents: .screen(.editor), style: .fullScreenCover, placement: 1)
        ]
        #expect(changed.hidden == [.search], "setting the actions keeps the hidden tabs")
        changed.hidden = []
        #expect(changed.actions.map(\.id) == ["compose"], "setting the hidden tabs keeps the actions")
    }

    @Test func aRequestKeepsItsOtherOptionsWhenOneChanges() {
        var request = ChangeRequest<TestRoute>.presentation(.push(.home), handing: "note")
        request.access = { $0 != .login }
        request.maximumScreens = 5
        request.fallbackInterruption = { _ in .confirm }
        request.resolution = .init("lookup") { .presentation(.push(.list)) }
        request.resumption = .init(
            id: 9, redirectScreens: [ElementID(3)], guardName: "signedIn", expires: .now + .seconds(60))
        func expectAll(_ request: ChangeRequest<TestRoute>, but cleared: String) {
            if cleared != "content" { #expect(request.content as? String == "note", "content, \(cleared) cleared") }
            if cleared != "access" { #expect(request.access?(.login) == false, "access, \(cleared) cleared") }
            if cleared != "maximumScreens" { #expect(request.maximumScreens == 5, "limit, \(cleared) cleared") }
            if cleared != "fallbackInterruption" {
                #expect(request.fallbackInterruption?(.home) == .confirm, "fallback, \(cleared) cleared")
            }
            if cleared != "resolution" {
                #expect(request.resolution?.name == "lookup", "resolution, \(cleared) cleared")
            }
            if cleared != "resumption" { #expect(request.resumption?.id == 9, "resumption, \(cleared) cleared") }
        }
        let clears: [(name: String, clear: (inout ChangeRequest<TestRoute>) -> Void)] = [
            ("content", { $0.content = nil }),
            ("access", { $0.access = nil }),
            ("maximumScreens", { $0.maximumScreens = nil }),
            ("fallbackInterruption", { $0.fallbackInterruption = nil }),
            ("resolution", { $0.resolution = nil }),
            ("resumption", { $0.resumption = nil }),
        ]
        expectAll(request, but: "")
        let copy = request
        for (name, clear) in clears {
            var each = request
            clear(&each)
            expectAll(each, but: name)
        }
        expectAll(copy, but: "")
        for (_, clear) in clears { clear(&request) }
        #expect(request.options == nil, "a request with no option set holds nothing out of line")
        #expect(ChangeRequest<TestRoute>.presentation(.push(.home)).options == nil)
    }
}
