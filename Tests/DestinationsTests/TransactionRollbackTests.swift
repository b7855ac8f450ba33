import Destinations
import Testing

/// Every failure leaves the state, the live Destinations, the lifecycle and the ids exactly as
/// they were.
@MainActor
@Suite struct TransactionRollbackTests {
    /// Applies `presentation` to a flow that has pushed and presented a little, expects
    /// `error`, and checks that nothing changed.
    func expectRollback(
        _ presentation: Presentation<TestRoute>,
        throws error: NavigationError,
        layout: Layout<TestRoute> = threeTabs,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let log = Log()
        let flow = try makeFlow(layout, log: log)
        _ = log.take()
        let before = FlowSnapshot(flow)
        let builtBefore = log.builtCount
        #expect(throws: error, sourceLocation: sourceLocation) { try flow.apply(presentation) }
        #expect(FlowSnapshot(flow) == before, sourceLocation: sourceLocation)
        #expect(log.take().isEmpty, "no lifecycle call", sourceLocation: sourceLocation)
        #expect(
            log.alive.count == builtBefore, "Destinations built for the failed change are released",
            sourceLocation: sourceLocation)
        let nextID = ElementID(before.state.maxID.rawValue + 1)
        try flow.apply(.replaceRoot(.screen(.home)))
        #expect(flow.state.root.id == nextID, "no id was used up", sourceLocation: sourceLocation)
    }

    @Test func noProviderForARoute() throws {
        try expectRollback(.push(.unprovided), throws: .noProvider(route: "unprovided"))
    }

    @Test func noProviderForAScreenLateInAPathNamesTheStepThatAddedIt() throws {
        try expectRollback(
            .path([.push(.list), .sheetStack(.editor), .push(.unprovided)]),
            throws: .step(2, of: 3, .noProvider(route: "unprovided"))
        )
    }

    @Test func aProviderThatThrowsInANestedPathNamesEveryLevelOfStep() throws {
        try expectRollback(
            .path([.push(.list), .path([.sheetStack(.editor), .push(.failing)])]),
            throws: .step(1, of: 2, .step(1, of: 2, .providerFailed(route: "failing", reason: "refused")))
        )
    }

    @Test func aProviderThatThrows() throws {
        try expectRollback(
            .path([.push(.list), .push(.failing)]),
            throws: .step(1, of: 2, .providerFailed(route: "failing", reason: "refused"))
        )
    }

    @Test func noStackToPushOn() throws {
        try expectRollback(
            .path([.selectTab(.search), .push(.detail(1))]), throws: .step(1, of: 2, .noStack(from: ElementID(6))))
    }

    @Test func noStackOutsideASheetThatShowsOneScreen() throws {
        try expectRollback(
            .path([.selectTab(.search), .sheet(.editor), .push(.list)]),
            throws: .step(2, of: 3, .noStack(from: ElementID(7))))
    }

    @Test func nothingToGoBackTo() throws {
        try expectRollback(
            .path([.push(.list), .back, .back]), throws: .step(2, of: 3, .cannotGoBack(stack: ElementID(2))))
    }

    @Test func noEarlierScreenOfTheRoute() throws {
        try expectRollback(.popTo(.about), throws: .routeNotInStack(route: "about", stack: ElementID(2)))
    }

    @Test func unknownTab() throws {
        try expectRollback(
            .path([.push(.list), .selectTab("nowhere")]),
            throws: .step(1, of: 2, .unknownTab("nowhere", tabs: ElementID(1))))
    }

    @Test func nothingToDismiss() throws {
        try expectRollback(
            .path([.sheet(.editor), .dismiss, .dismiss]), throws: .step(2, of: 3, .nothingToDismiss(from: ElementID(3)))
        )
    }

    @Test func noSplitAndNoSuchColumn() throws {
        try expectRollback(.show(.list, in: .detail), throws: .noSplit(from: ElementID(3)))
        try expectRollback(
            .show(.list, in: .content), throws: .noSuchColumn(.content, split: ElementID(1)),
            layout: .split(sidebar: .screen(.menu)))
    }

    @Test func replaceCurrentOfAContainer() throws {
        let flow = try makeFlow(threeTabs)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.notAScreen(ElementID(2), kind: .stack)) {
            try flow.apply(.replaceCurrent(.about), from: ElementID(2))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func anInvalidLayoutForReplaceRoot() throws {
        try expectRollback(
            .path([.push(.list), .replaceRoot(.tabs([]))]), throws: .step(1, of: 2, .invalidLayout(.emptyTabs)))
    }

    @Test func anUnknownOrigin() throws {
        let flow = try makeFlow(threeTabs)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.unknownElement(ElementID(404))) {
            try flow.apply(.push(.list), from: ElementID(404))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aCustomPresentationThatRefusesAfterChangingTheTransaction() throws {
        let refuse = CustomPresentation<TestRoute>("refuse") { transaction in
            try transaction.apply(.push(.list))
            throw FixtureError.refused
        }
        try expectRollback(
            .path([.push(.about), .custom(refuse)]),
            throws: .step(1, of: 2, .customFailed(name: "refuse", reason: "refused")))
    }

    @Test func anEventWhosePresentationFailsLeavesTheFlowAsItWas() throws {
        let log = Log()
        let providers = testProviders(log: log) { events in
            events.on(.next, .present(.path([.push(.list), .push(.failing)])))
        }
        let flow = try Flow(.stack(.home), providers: providers)
        _ = log.take()
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.step(1, of: 2, .providerFailed(route: "failing", reason: "refused"))) {
            try flow.focused?.send(.next)
        }
        #expect(FlowSnapshot(flow) == before)
        #expect(log.take().isEmpty)
        #expect(log.alive == [.home])
    }

    @Test func aFailedRestoreKeepsTheCurrentState() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        _ = log.take()
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.providerFailed(route: "failing", reason: "refused")) {
            try flow.restore(try state(.stack(.about, .failing)))
        }
        #expect(FlowSnapshot(flow) == before)
        #expect(log.take().isEmpty)
        #expect(log.alive == [.home, .list])
    }
}
