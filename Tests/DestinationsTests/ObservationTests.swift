import Destinations
import Observation
import Testing

@MainActor
@Suite struct ObservationTests {
    /// Whether `change` notifies an observer that read what `read` reads.
    func notifies(_ read: () -> Void, when change: () throws -> Void) rethrows -> Bool {
        let flag = Flag()
        withObservationTracking(read) { flag.raise() }
        try change()
        return flag.isRaised
    }

    @Test func readingTheStateTracksEveryChange() throws {
        let flow = try makeFlow(threeTabs)
        #expect(try notifies({ _ = flow.state }, when: { try flow.apply(.push(.list)) }))
        #expect(try notifies({ _ = flow.state }, when: { try flow.apply(.selectTab(.profile)) }))
    }

    @Test func aPushInOneTabDoesNotNotifyObserversOfAnotherTabsStack() throws {
        let flow = try makeFlow(threeTabs)
        let inbox = ElementID(2)
        let profile = ElementID(4)
        #expect(try !notifies({ _ = flow.node(profile) }, when: { try flow.apply(.push(.list)) }))
        #expect(try notifies({ _ = flow.node(inbox) }, when: { try flow.apply(.push(.about)) }))
    }

    @Test func selectingATabNotifiesTheTabBarButNotTheStacks() throws {
        let flow = try makeFlow(threeTabs)
        let tabs = ElementID(1)
        let inbox = ElementID(2)
        #expect(try !notifies({ _ = flow.node(inbox) }, when: { try flow.apply(.selectTab(.profile)) }))
        #expect(try notifies({ _ = flow.node(tabs) }, when: { try flow.apply(.selectTab(.inbox)) }))
    }

    @Test func aChangeInOneSplitColumnDoesNotNotifyTheOther() throws {
        let flow = try makeFlow(.split(sidebar: .stack(.menu), detail: .stack(.content(1))))
        let sidebar = ElementID(2)
        let detail = ElementID(4)
        #expect(try !notifies({ _ = flow.node(sidebar) }, when: { try flow.apply(.push(.detail(1))) }))
        #expect(try notifies({ _ = flow.node(detail) }, when: { try flow.apply(.back) }))
    }

    @Test func presentingNotifiesThePresenterOnly() throws {
        let flow = try makeFlow(.stack(.home, .list))
        let stack = ElementID(1)
        let list = ElementID(3)
        #expect(try !notifies({ _ = flow.node(stack) }, when: { try flow.apply(.sheet(.editor)) }))
        #expect(try notifies({ _ = flow.node(list) }, when: { try flow.apply(.dismiss) }))
    }

    @Test func removingAnElementNotifiesItsObservers() throws {
        let flow = try makeFlow(.stack(.home, .list))
        #expect(try notifies({ _ = flow.node(ElementID(3)) }, when: { try flow.apply(.back) }))
        #expect(flow.node(ElementID(3)) == nil)
    }

    @Test func aFailedChangeNotifiesNobody() throws {
        let flow = try makeFlow(threeTabs)
        let flag = Flag()
        withObservationTracking {
            _ = flow.state
            _ = flow.node(ElementID(2))
        } onChange: {
            flag.raise()
        }
        #expect(throws: NavigationError.self) { try flow.apply(.path([.push(.list), .push(.unprovided)])) }
        #expect(!flag.isRaised)
    }
}
