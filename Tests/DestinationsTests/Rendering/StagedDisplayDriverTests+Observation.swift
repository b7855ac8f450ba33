import Observation
import Testing

@testable import Destinations

/// What views of the SwiftUI renderer hear: each element they read, told only when it changed,
/// with the elements the flow's transaction worked out whenever the display follows the flow.
extension StagedDisplayDriverTests {
    /// Whether showing what `change` makes tells an observer that read what `read` reads.
    func tells(_ clock: Clock, _ read: () -> Void, when change: () throws -> Void) rethrows -> Bool {
        let flag = Flag()
        withObservationTracking(read) { flag.raise() }
        try change()
        clock.runTurns()
        return flag.isRaised
    }

    @Test func aPushInOneTabTellsNoViewOfAnotherTab() throws {
        let flow = try makeFlow(threeTabs)
        let clock = Clock()
        let (driver, _) = driver(flow, clock)
        let inbox = ElementID(2)
        let profile = ElementID(4)
        #expect(try !tells(clock, { _ = driver.node(profile) }, when: { try flow.apply(.push(.list)) }))
        #expect(try tells(clock, { _ = driver.node(inbox) }, when: { try flow.apply(.push(.about)) }))
        #expect(driver.shown == flow.state)
    }

    @Test func selectingATabTellsTheTabBarButNotTheStacks() throws {
        let flow = try makeFlow(threeTabs)
        let clock = Clock()
        let (driver, _) = driver(flow, clock)
        let tabs = ElementID(1)
        let inbox = ElementID(2)
        #expect(try !tells(clock, { _ = driver.node(inbox) }, when: { try flow.apply(.selectTab(.profile)) }))
        #expect(try tells(clock, { _ = driver.node(tabs) }, when: { try flow.apply(.selectTab(.inbox)) }))
    }

    @Test func aChangeShownLiveUsesTheChangeTheTransactionWorkedOut() throws {
        let flow = try makeFlow(threeTabs)
        let clock = Clock()
        let (driver, shows) = driver(flow, clock)
        try flow.apply(.push(.list))
        try flow.apply(.selectTab(.profile))
        clock.runTurns()
        try flow.apply(.push(.about))
        clock.runTurns()
        #expect(shows.animated == [true, true])
        #expect(driver.shown == flow.state)
        #expect(driver.comparisons == 0, "the driver compared states the flow had already compared")
    }

    @Test func aUsersReportIsComparedWithWhatShowed() throws {
        let flow = try makeFlow(.stack(.home, .list, .detail(1)))
        let clock = Clock()
        let (driver, _) = driver(flow, clock)
        let stack = flow.state.root
        let top = try #require(stack.stack?.elements.last?.id)
        #expect(
            tells(
                clock, { _ = driver.node(top) },
                when: {
                    driver.report { state throws(NavigationError) in
                        try UserAction.stack(stack.id, showing: [stack.stack!.elements[0].id], in: state)
                    }
                })
        )
        #expect(driver.comparisons >= 1)
        #expect(driver.node(top) == nil)
        #expect(driver.shown == flow.state)
    }

    @Test func anElementThatArrivesTellsTheViewsWaitingForIt() throws {
        let flow = try makeFlow(.stack(.home))
        let clock = Clock()
        let (driver, _) = driver(flow, clock)
        let next = ElementID(3)
        #expect(driver.node(next) == nil)
        #expect(try tells(clock, { _ = driver.node(next) }, when: { try flow.apply(.push(.list)) }))
        #expect(driver.node(next)?.route == .list)
    }
}
