import Destinations
import Testing

/// `Providers` asks its lookup once per route value and keeps the answer, so a lookup that
/// creates its providers where it names them costs nothing after a route's first screen.
@MainActor
@Suite struct ProviderLookupTests {
    /// Counts the lookup's calls per route.
    final class Asked {
        var counts: [TestRoute: Int] = [:]
        func record(_ route: TestRoute) { counts[route, default: 0] += 1 }
    }

    func countingProviders(_ asked: Asked, log: Log) -> Providers<TestRoute> {
        Providers { route in
            asked.record(route)
            return route == .unprovided ? nil : screenProvider(log: log)
        }
    }

    @Test func theLookupIsAskedOncePerRouteHoweverOftenItsScreensAreBuilt() throws {
        let asked = Asked()
        let log = Log()
        let flow = try Flow(.stack(.home), providers: countingProviders(asked, log: log))
        for _ in 0..<5 {
            try flow.apply(.push(.detail(1)))
            try flow.apply(.push(.detail(2)))
            try flow.apply(.popToRoot)
        }
        #expect(log.builtCount == 11, "every push still builds its own Destination")
        #expect(asked.counts[.detail(1)] == 1)
        #expect(asked.counts[.detail(2)] == 1)
        #expect(asked.counts[.home] == 1)
    }

    @Test func aRouteWithoutAProviderIsAskedOnceAndRefusedEveryTime() throws {
        let asked = Asked()
        let flow = try Flow(.stack(.home), providers: countingProviders(asked, log: Log()))
        let before = flow.state
        for _ in 0..<3 {
            #expect(throws: NavigationError.noProvider(route: "unprovided")) {
                try flow.apply(.push(.unprovided))
            }
        }
        #expect(flow.state == before)
        #expect(asked.counts[.unprovided] == 1)
    }

    @Test func anOverrideWinsOverAnAnswerTheLookupGaveBefore() throws {
        let asked = Asked()
        let log = Log()
        let providers = countingProviders(asked, log: log)
        let flow = try Flow(.stack(.home), providers: providers)
        try flow.apply(.push(.detail(1)))
        try flow.apply(.back)
        let other = Provider { (_: TestRoute) in Joiner(onAppear: {}) }
        flow.replaceProviders(providers.overriding("detail", with: other))
        try flow.apply(.push(.detail(1)))
        #expect(flow.focusedDestination is Joiner)
        #expect(asked.counts[.detail(1)] == 1)
    }

    @Test func pastItsBoundTheLookupIsAskedAgainSoMemoryStaysFlat() {
        let asked = Asked()
        let providers = countingProviders(asked, log: Log())
        _ = providers.provider(for: .detail(0))
        for number in 1...300 { _ = providers.provider(for: .detail(number)) }
        _ = providers.provider(for: .detail(0))
        #expect(asked.counts[.detail(0)] == 2, "256 routes are kept, then the answers start again")
        _ = providers.provider(for: .detail(300))
        #expect(asked.counts[.detail(300)] == 1, "a route asked about since is still known")
    }

    @Test func aPoppedDestinationIsReleasedAndItsContextKnowsItWasRemoved() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        try flow.apply(.push(.detail(1)))
        let context = try #require(flow.focusedDestination(as: Screen.self)).context
        try flow.apply(.back)
        #expect(log.alive == [.home], "the box, the Destination and its context hold no cycle once removed")
        #expect(context.id == nil)
        #expect(context.isRemoved)
        #expect(throws: NavigationError.self) { try context.present(.push(.list)) }
    }
}

/// The focus walks recurse once per level: a state nested far deeper than any app's still reads.
@MainActor
@Suite struct DeepNestingTests {
    @Test func aChainOfThousandsOfSheetsFindsItsFocusedScreen() throws {
        var node = NavigationNode<TestRoute>(id: ElementID(3_000), content: .screen(.detail(3_000)))
        for level in stride(from: 2_999, through: 1, by: -1) {
            node = NavigationNode(
                id: ElementID(UInt64(level)), content: .screen(.detail(level)),
                modal: Modal(style: .sheet, node: node))
        }
        let state = NavigationState(root: node)
        #expect(state.focusedScreen.id == ElementID(3_000))
        #expect(state.presentedModals.count == 2_999)
    }
}
