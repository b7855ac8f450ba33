import Destinations
import Foundation
import Testing

@MainActor
@Suite struct HiddenTabLayoutTests {
    static let picked: Layout<TestRoute> = .tabs([
        .tab(.inbox, .stack(.home), hidden: true),
        .tab(.search, .stack(.list)),
        .tab(.profile, .stack(.settings), hidden: true),
    ])

    @Test func aLayoutsHiddenTabsAreInTheBarAndTheFirstShownTabIsSelected() throws {
        let flow = try makeFlow(Self.picked)
        let tabs = try #require(flow.state.root.tabs)
        #expect(tabs.ids == [.inbox, .search, .profile])
        #expect(tabs.hidden == [.inbox, .profile])
        #expect(tabs.selection == .search)
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home], "a hidden tab keeps its screens")
    }

    @Test func anArrangementShowsAHiddenTabWithTheScreensItKept() throws {
        let flow = try makeFlow(Self.picked)
        let inbox = try #require(flow.state.stack(inTab: .inbox)?.elements.first?.id)
        let destination = flow.destination(inbox)
        try flow.apply(.arrangeTabs(TabArrangement(hidden: [.profile])))
        try flow.apply(.selectTab(.inbox))
        #expect(flow.focused?.id == inbox)
        #expect(flow.destination(inbox) === destination)
    }

    @Test func aLayoutThatSelectsAHiddenTabOrHidesEveryTabIsRefused() {
        let selectsHidden: Layout<TestRoute> = .tabs(
            [.tab(.inbox, .stack(.home), hidden: true), .tab(.search, .stack(.list))], selected: .inbox)
        #expect(throws: NavigationError.invalidLayout(.hiddenSelectedTab(.inbox))) { try makeFlow(selectsHidden) }
        let hidesAll: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home), hidden: true)])
        #expect(throws: NavigationError.invalidLayout(.hiddenSelectedTab(.inbox))) { try makeFlow(hidesAll) }
    }

    @Test func aTabLayoutSavedBeforeHiddenTabsReadsAsShown() throws {
        let layout = TabLayout<TestRoute>.tab(.inbox, .stack(.home), hidden: true)
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(layout)) as? [String: Any])
        #expect(object["isHidden"] as? Bool == true)
        object["isHidden"] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        let old = try JSONDecoder().decode(TabLayout<TestRoute>.self, from: data)
        #expect(!old.isHidden)
        #expect(old.id == .inbox)
    }
}
