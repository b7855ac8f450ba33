import Destinations
import Foundation
import Observation
import Testing

/// Every modal lies on the focus path: a window shows one chain of presentations.
@MainActor
@Suite struct PresentationChainTests {
    @Test func presentingFromAScreenPushedUnderASheetIsRefused() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheet(.editor))
        try flow.apply(.push(.list), from: ElementID(2))
        let pushed = try #require(flow.state.screens.first { $0.route == .list })
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.presenterHidden(pushed.id, by: ElementID(3))) {
            try flow.apply(.alert(.confirm), from: pushed.id)
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func presentingFromAColumnWhileAnotherColumnPresentsIsRefused() throws {
        let flow = try makeFlow(.split(sidebar: .stack(.menu), detail: .stack(.content(1))))
        // The RENDERERS design's case: a cover from the sidebar, then a sheet from the detail.
        #expect(throws: NavigationError.step(2, of: 3, .presenterHidden(ElementID(7), by: ElementID(6)))) {
            try flow.apply(
                .path([.fullScreenCover(.login), .show(.detail(1), in: .detail), .sheet(.editor)]), from: ElementID(3))
        }
        try flow.apply(.fullScreenCover(.login), from: ElementID(3))
        #expect(throws: NavigationError.presenterHidden(ElementID(5), by: ElementID(6))) {
            try flow.apply(.sheet(.editor), from: ElementID(5))
        }
    }

    @Test func presentingFromAScreenInAnotherTabIsRefused() throws {
        let flow = try makeFlow(threeTabs)
        #expect(throws: NavigationError.presenterHidden(ElementID(5), by: ElementID(2))) {
            try flow.apply(.sheet(.editor), from: ElementID(5))
        }
    }

    @Test func presentingFromAScreenBelowTheTopOfItsStackCoversTheTop() throws {
        let flow = try makeFlow(.stack(.home, .list))
        try flow.apply(.alert(.confirm), from: ElementID(2))
        #expect(flow.state.focusedScreen.route == .confirm)
        #expect(
            flow.state.presentedChain == [PresentedModal(presenter: ElementID(2), modal: ElementID(4), style: .alert)])
        #expect(flow.visibleRoutes == [.list, .confirm])
    }

    @Test func leavingATabDismissesTheModalsInsideItAndCleansThemUp() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        try flow.apply(.path([.sheetStack(.editor), .push(.detail(1)), .alert(.confirm)]))
        _ = log.take()
        try flow.apply(UserAction.selectedTab(.profile, tabs: ElementID(1)))
        #expect(flow.state.presentedChain.isEmpty)
        #expect(
            log.take() == [
                "disappear detail(1)", "disappear confirm", "cleanup editor", "cleanup detail(1)", "cleanup confirm",
                "appear settings",
            ])
        #expect(Set(log.alive) == [.home, .settings, .list])
    }

    @Test func aDeepLinkThatLeavesATabFromItsSheetEndsOnTheOtherTab() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.path([.sheet(.editor), .selectTab(.profile)]))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: profile)
                  [inbox] stack #2
                    home #3
                  [profile] stack #4
                    settings #5 ◀
                  [search] list #6
                """)
    }

    @Test func aModalPresentedByTheTabBarStaysWhenATabIsSelectedUnderIt() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.sheet(.editor), from: ElementID(1))
        try flow.apply(.selectTab(.profile))
        #expect(flow.state.presentedChain.map(\.presenter) == [ElementID(1)])
        #expect(flow.state.focusedScreen.route == .editor)
    }

    @Test func dismissAllRemovesTheWholeChain() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.path([.sheetStack(.editor), .fullScreenCover(.login), .alert(.confirm)]))
        try flow.apply(.dismissAll)
        #expect(flow.state == (try state(.stack(.home))))
    }

    @Test func aPresenterCanDismissWhatItPresented() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        try flow.apply(.path([.sheetStack(.editor), .fullScreenCover(.login)]))
        let home = try #require(flow.destination(ElementID(2), as: Screen.self))
        try home.context.dismissPresented()
        #expect(flow.state == (try state(.stack(.home))))
        #expect(throws: NavigationError.nothingToDismiss(from: ElementID(2))) { try home.context.dismissPresented() }
    }

    @Test func aSavedStateWithAModalOffTheFocusPathIsRefused() throws {
        let json =
            #"{"id":1,"tabs":[{"id":"inbox","node":{"id":2,"screen":{"home":{}}}},{"id":"profile","node":{"id":3,"screen":{"settings":{}},"modal":{"style":{"sheet":{"_0":{"detents":[],"interactiveDismissDisabled":false}}},"content":{"id":4,"screen":{"editor":{}}}}}}],"selected":"inbox"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationState<TestRoute>.self, from: Data(json.utf8))
        }
        let valid = json.replacingOccurrences(of: #""selected":"inbox""#, with: #""selected":"profile""#)
        #expect((try? JSONDecoder().decode(NavigationState<TestRoute>.self, from: Data(valid.utf8))) != nil)
    }

    @Test func presentInTabSelectsTheOuterTabEvenWhenItHoldsATabBar() throws {
        let flow = try makeFlow(
            .tabs([
                .tab(.inbox, .stack(.home)),
                .tab(.profile, .tabs([.tab(.search, .stack(.settings)), .tab(.profile, .stack(.about))])),
            ]))
        try flow.apply(.presentInTab(.profile, .detail(1)))
        #expect(flow.state.root.tabs?.selection == .profile)
        #expect(flow.state.focusedScreen.route == .detail(1))
        #expect(
            flow.state.rendered(ids: false) == """
                tabs (selected: profile)
                  [inbox] stack
                    home
                  [profile] detail(1) ◀
                """)
    }
}

/// Observers hear only real changes of the element they read.
@MainActor
@Suite struct ObserverPrecisionTests {
    func observe(_ flow: Flow<TestRoute>, _ id: ElementID) -> Flag {
        let flag = Flag()
        withObservationTracking {
            _ = flow.node(id)
        } onChange: {
            flag.raise()
        }
        return flag
    }

    @Test func aPathThatNetsToNothingForAStackDoesNotNotifyItsObservers() async throws {
        let flow = try makeFlow(threeTabs)
        let stack = observe(flow, ElementID(2))
        var events = flow.events().makeAsyncIterator()
        try flow.apply(.path([.push(.list), .back]))
        #expect(!stack.isRaised)
        #expect(try #require(await events.next()).changes.isEmpty)
    }

    @Test func aCustomPresentationThatNetsToNothingDoesNotNotify() throws {
        let flow = try makeFlow(threeTabs)
        let bar = observe(flow, ElementID(1))
        let roundTrip = CustomPresentation<TestRoute>("roundTrip") { change in
            try change.apply(.selectTab(.profile))
            try change.apply(.selectTab(.inbox))
        }
        try flow.apply(.custom(roundTrip))
        #expect(!bar.isRaised)
    }

    @Test func aRealChangeStillNotifies() throws {
        let flow = try makeFlow(threeTabs)
        let stack = observe(flow, ElementID(2))
        try flow.apply(.path([.push(.list), .back, .push(.about)]))
        #expect(stack.isRaised)
    }
}

/// Custom presentations edit the transaction only through its operations.
@MainActor
@Suite struct CustomPresentationChangeTests {
    final class Keep: @unchecked Sendable { var change: CustomPresentation<TestRoute>.Change? }

    @Test func aChangeKeptPastItsBodyCannotAlterAnything() throws {
        let kept = Keep()
        let escape = CustomPresentation<TestRoute>("escape") { change in kept.change = change }
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.custom(escape))
        let before = FlowSnapshot(flow)
        #expect(
            throws: NavigationError.customFailed(name: "push", reason: "applied after its custom presentation ended")
        ) {
            try kept.change?.apply(.push(.list))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func everyScreenACustomPresentationAddsGetsADestination() throws {
        let twoPushes = CustomPresentation<TestRoute>("twoPushes") { change in
            try change.apply(.push(.list))
            change.anchor = change.state.root.id
            try change.apply(.push(.about))
        }
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.custom(twoPushes))
        #expect(Set(flow.destinations.keys) == Set(flow.state.screens.map(\.id)))
        #expect(flow.state.routes == [.home, .list, .about])
    }
}

@MainActor
@Suite struct ContainerPresentationTests {
    @Test func aContainerWhoseScreenPresentsIsAlreadyPresenting() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.confirmationDialog(.choice))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.alreadyPresenting(ElementID(1))) {
            try flow.apply(.fullScreenCover(.login), from: ElementID(1))
        }
        #expect(FlowSnapshot(flow) == before)
    }
}
