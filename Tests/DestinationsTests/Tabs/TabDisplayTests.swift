import Testing

@testable import Destinations

/// What the renderers show of a tab bar: items in order with action items at their places,
/// grouped by section, and the arrangement a platform's customization reports.
@Suite struct TabDisplayTests {
    static let layout: Layout<TestRoute> = .tabs([
        .tab(.inbox, .stack(.home)),
        .action(.post, presents: .stack(.editor)),
        .tab("a", .stack(.list), section: "Lists"),
        .tab(.profile, .stack(.settings)),
        .tab("b", .stack(.about), section: "Lists"),
        .tab("t", .stack(.menu), section: "Tags"),
    ])

    @Test func itemsPlaceActionItemsAmongTheTabsAndLeaveHiddenTabsOut() throws {
        let state = try NavigationState(Self.layout).applying(.arrangeTabs(TabArrangement(hidden: ["a"])))
        let tabs = try #require(state.root.tabs)
        #expect(tabs.items(includingHidden: false).map(\.id) == [.inbox, .post, .profile, "b", "t"])
        #expect(tabs.items(includingHidden: true).map(\.id) == [.inbox, .post, "a", .profile, "b", "t"])
    }

    @Test func sectionsGatherTheirTabsWhereTheyFirstAppear() throws {
        let tabs = try #require(try NavigationState(Self.layout).root.tabs)
        let groups = tabs.groups(includingHidden: true)
        #expect(groups.map(\.section) == [nil, "Lists", nil, "Tags"])
        #expect(groups.map { $0.items.map(\.id) } == [[.inbox, .post], ["a", "b"], [.profile], ["t"]])
        #expect(Set(groups.map(\.id)).count == groups.count, "groups have distinct ids")
    }

    @Test func aSectionReorderedByThePlatformTakesItsPlacesAmongTheOthers() throws {
        let tabs = try #require(try NavigationState(Self.layout).root.tabs)
        let arrangement = tabs.arrangement(sectionOrders: ["Lists": ["b", "a"]], hidden: [.profile])
        #expect(arrangement == TabArrangement(order: [.inbox, "b", .profile, "a", "t"], hidden: [.profile]))
        let partial = tabs.arrangement(sectionOrders: ["Lists": ["b"]], hidden: [])
        #expect(partial.order == tabs.ids, "an order that misses a tab of the section changes nothing")
    }
}
