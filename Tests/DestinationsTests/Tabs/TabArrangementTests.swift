import Destinations
import Foundation
import Observation
import Testing

@MainActor
@Suite struct TabArrangementTests {
    static let socialTabs: Layout<TestRoute> = .tabs([
        .tab(.inbox, .stack(.home)),
        .tab(.search, .stack(.list), role: .search),
        .action(.post, presents: .stack(.editor)),
        .tab(.profile, .stack(.settings)),
        .tab(.lists, .stack(.content(1)), section: "Lists"),
    ])

    @Test func anArrangementOrdersAndHidesTabsAndIsReadBack() throws {
        let flow = try makeFlow(threeTabs)
        let arrangement = TabArrangement(order: [.search, .inbox, "gone"], hidden: [.profile, "gone"])
        try flow.apply(.arrangeTabs(arrangement))
        let tabs = try #require(flow.state.root.tabs)
        #expect(tabs.ids == [.search, .inbox, .profile], "named tabs first, then the others; unknown ids ignored")
        #expect(tabs.visibleTabs.map(\.id) == [.search, .inbox])
        #expect(tabs.arrangement == TabArrangement(order: [.search, .inbox, .profile], hidden: [.profile]))
    }

    @Test func hidingTheSelectedTabSelectsItsNeighbourAndDismissesItsModals() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.sheet(.editor))
        try flow.apply(.arrangeTabs(TabArrangement(hidden: [.inbox])))
        #expect(flow.state.root.tabs?.selection == .profile)
        #expect(flow.state.presentedModals.isEmpty)
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home], "the hidden tab keeps its stack")
    }

    @Test func aHiddenTabCannotBeSelected() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.arrangeTabs(TabArrangement(hidden: [.search])))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.tabHidden(.search, tabs: ElementID(1))) { try flow.apply(.selectTab(.search)) }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func theUsersArrangementIsReportedAsAChangeAndReadFromTheState() throws {
        let flow = try makeFlow(threeTabs)
        var causes: [FlowEvent<TestRoute>.Cause] = []
        let observation = flow.observeChanges { causes.append($0) }
        let action = UserAction<TestRoute>.arrangedTabs(
            TabArrangement(order: [.profile], hidden: [.search]), tabs: flow.rootID)
        try flow.apply(action)
        #expect(causes == [.userAction(action)])
        #expect(
            flow.state.root.tabs?.arrangement
                == TabArrangement(order: [.profile, .inbox, .search], hidden: [.search]))
        observation.cancel()
    }

    @Test func anActionItemPresentsFromTheFocusedScreenOfTheSelectedTab() throws {
        let flow = try makeFlow(Self.socialTabs)
        let tabs = try #require(flow.state.root.tabs)
        #expect(tabs.ids == [.inbox, .search, .profile, .lists])
        #expect(tabs.actions.map(\.id) == [.post])
        #expect(tabs.actions.first?.placement == 2)
        #expect(tabs.tabs[1].role == .search)
        #expect(tabs.tabs[3].section == "Lists")
        try flow.apply(.push(.detail(1)))
        let detail = flow.focusedID
        try flow.apply(UserAction.tappedTabAction(.post, tabs: flow.rootID))
        #expect(flow.state.node(detail)?.modal?.node.stack?.root.route == .editor)
        #expect(flow.state.root.tabs?.selection == .inbox, "an action item is never selected")
        #expect(flow.focused?.route == .editor)
    }

    @Test func anActionItemTapPassesTheGuards() throws {
        var configuration = FlowConfiguration(
            layout: Self.socialTabs, providers: testProviders(log: Log()), logger: .disabled)
        configuration.guards = [
            NavigationGuard("signedIn") { change in change.added.contains(.editor) ? .deny(reason: "sign in") : .allow }
        ]
        let flow = try Flow(configuration)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.self) { try flow.apply(UserAction.tappedTabAction(.post, tabs: flow.rootID)) }
        #expect(FlowSnapshot(flow) == before)
        #expect(throws: NavigationError.unknownTabAction(.inbox, tabs: flow.rootID)) {
            try flow.apply(UserAction.tappedTabAction(.inbox, tabs: flow.rootID))
        }
    }

    @Test func aBadgeChangeNotifiesOnlyObserversOfBadges() throws {
        let flow = try makeFlow(threeTabs)
        let stateFlag = Flag()
        let badgeFlag = Flag()
        withObservationTracking {
            _ = flow.state
        } onChange: {
            stateFlag.raise()
        }
        withObservationTracking {
            _ = flow.tabBadges
        } onChange: {
            badgeFlag.raise()
        }
        flow.tabBadges[.inbox] = "3"
        #expect(badgeFlag.isRaised)
        #expect(!stateFlag.isRaised)
        #expect(flow.tabBadges == [.inbox: "3"])
        let again = Flag()
        withObservationTracking {
            _ = flow.tabBadges
        } onChange: {
            again.raise()
        }
        try flow.apply(.push(.list))
        #expect(!again.isRaised, "a navigation change does not redraw badges")
    }

    @Test func theTabSetAndArrangementSurviveCodableAndRestoration() throws {
        let flow = try makeFlow(Self.socialTabs)
        try flow.apply(.insertTab(.tab("tag", .stack(.content(9)), section: "Tags"), at: 1))
        try flow.apply(.moveTab(.profile, to: 0))
        try flow.apply(.arrangeTabs(TabArrangement(order: [.profile, "tag"], hidden: [.lists])))
        try flow.apply(.presentInTab("tag", .about))
        let state = flow.state
        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(NavigationState<TestRoute>.self, from: data)
        #expect(decoded == state)
        #expect(decoded.root.tabs?.actions == state.root.tabs?.actions)

        let snapshot = try NavigationSnapshot(state, schemaVersion: 1, savedAt: Date(timeIntervalSince1970: 0))
        let restored = try Restoration(layout: Self.socialTabs, schemaVersion: 1)
            .restore(snapshot.encoded(), now: Date(timeIntervalSince1970: 1))
        #expect(restored.report.issues.isEmpty, "\(restored.report.issues)")
        #expect(restored.state == state, "the inserted tab, the order and the hidden tabs come back")

        let fresh = try makeFlow(Self.socialTabs)
        try fresh.restore(decoded)
        #expect(fresh.state.root.tabs?.ids == state.root.tabs?.ids)
        #expect(fresh.state.root.tabs?.hidden == [.lists])
    }
}

@MainActor
@Suite struct TabArrangementObservationTests {
    @Test func arrangingTwiceInOneChangeStillNotifiesObserversOfTheBar() throws {
        let flow = try makeFlow(threeTabs)
        let flag = Flag()
        withObservationTracking {
            _ = flow.node(flow.rootID)
        } onChange: {
            flag.raise()
        }
        try flow.apply(
            .path([
                .arrangeTabs(TabArrangement(hidden: [.search])), .arrangeTabs(TabArrangement(hidden: [.profile])),
            ]))
        #expect(flag.isRaised)
        #expect(flow.state.root.tabs?.hidden == [.profile])
    }
}
