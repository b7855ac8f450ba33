import Testing

@testable import Destinations

/// Opaque subtrees marked by a rule over the nodes keep their marking when element ids change.
@MainActor
@Suite struct OpaqueSubtreesTests {
    /// The profile tab's stack, whose first screen is `.settings`.
    static let settings = OpaqueSubtrees<TestRoute>.routes([.settings])

    /// A fake UIKit window whose host asks the scheduler which elements are opaque, as
    /// FlowController does, with the `settings` rule.
    static func settledRendering() -> (FakeWindow, FakeUIKitHost, RenderScheduler<FakeUIKitHost>) {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window, opaque: settings)
        let scheduler = RenderScheduler(host: host, opaque: settings)
        host.scheduler = scheduler
        return (window, host, scheduler)
    }

    func profileStack(of state: NavigationState<TestRoute>) throws -> ElementID {
        try #require(state.root.tabs?.tabs[1].node.id)
    }

    /// Pushes and presents inside the profile stack.
    func changeInsideProfile(_ flow: Flow<TestRoute>) throws {
        try flow.apply(.path([.selectTab(.profile), .push(.detail(1)), .sheet(.editor)]))
    }

    @Test func aRuleKeepsASubtreeOpaqueAfterTheRootIsReplacedAndAfterARestore() throws {
        let flow = try makeFlow(threeTabs)
        let saved = flow.state
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window, opaque: Self.settings)
        let scheduler = RenderScheduler(host: host, opaque: Self.settings)
        scheduler.show(flow.state, animated: false)

        for (label, change) in [
            ("replaceRoot", { try flow.apply(.replaceRoot(threeTabs)) }),
            ("restore", { try flow.restore(saved) }),
        ] as [(String, () throws -> Void)] {
            let before = try profileStack(of: flow.state)
            try change()
            scheduler.show(flow.state, animated: label != "restore")
            window.finishAll()
            let stack = try profileStack(of: flow.state)
            #expect(stack != before, "\(label) gives the elements new ids")
            #expect(window.projection.contains("hosted \(stack)"), "\(label): \(window.projection)")
            let performedBefore = host.performed.count
            try changeInsideProfile(flow)
            scheduler.show(flow.state)
            window.finishAll()
            let planned = host.performed[performedBefore...]
            #expect(
                !planned.contains { if case .setStack(stack, _) = $0.change { true } else { false } },
                "\(label): \(planned)")
            #expect(!planned.contains { $0.isModalTransition }, "\(label): \(planned)")
            #expect(window.projection == FakeWindow.projection(of: flow.state, opaque: Self.settings))
            #expect(window.violations.isEmpty, "\(window.violations)")
            #expect(scheduler.isIdle)
            try flow.apply(.path([.dismiss, .selectTab(.inbox)]))
            scheduler.show(flow.state)
            window.finishAll()
        }
    }

    @Test func fixedIdsLoseTheMarkWhenTheRootIsReplaced() throws {
        let flow = try makeFlow(threeTabs)
        let ids: Set<ElementID> = [try profileStack(of: flow.state)]
        let host = ScriptedHost()
        host.finishesAtOnce = true
        let scheduler = RenderScheduler(host: host, opaque: ids)
        scheduler.show(flow.state, animated: false)
        try flow.apply(.replaceRoot(threeTabs))
        scheduler.show(flow.state)
        let stack = try profileStack(of: flow.state)
        try changeInsideProfile(flow)
        scheduler.show(flow.state)
        // The ids name the old stack: the new one is planned into, which the rule above prevents.
        #expect(host.performed.contains { if case .setStack(stack, _) = $0.change { true } else { false } })
    }

    @Test func theSetFormAndTheIdsRulePlanAlike() throws {
        let tabs = try state(threeTabs)
        let changed = try tabs.applying(.path([.push(.detail(1)), .sheet(.editor), .selectTab(.profile)]))
        let ids: Set<ElementID> = [ElementID(2)]
        #expect(changed.renderPlan(from: tabs, opaque: ids) == changed.renderPlan(from: tabs, opaque: .ids(ids)))
        #expect(changed.renderPlan(from: tabs, opaque: .ids(ids)) != changed.renderPlan(from: tabs, opaque: .none))
    }

    @Test func anElementThatBecomesOpaqueIsRebuilt() throws {
        // A rule that depends on what a stack holds: pushing a second screen makes it opaque.
        let deep = OpaqueSubtrees<TestRoute> { node in (node.stack?.elements.count ?? 0) > 1 }
        let one = try state(.stack(.home))
        let two = try one.applying(.push(.list))
        #expect(two.renderPlan(from: one, opaque: deep).steps.map(\.change) == [.setRoot(one.root.id)])
        #expect(two.renderPlan(from: one, opaque: .none).steps.map(\.change) != [.setRoot(one.root.id)])
    }

    @Test func theRoutesRuleMarksScreensAndStacksByTheirFirstScreen() throws {
        let tabs = try state(threeTabs)
        let rule = OpaqueSubtrees<TestRoute>.routes([.settings, .list])
        let inbox = try #require(tabs.root.tabs?.tabs[0].node)
        let profile = try #require(tabs.root.tabs?.tabs[1].node)
        let search = try #require(tabs.root.tabs?.tabs[2].node)
        #expect(rule.contains(profile))
        #expect(rule.contains(search))
        #expect(!rule.contains(inbox))
        #expect(!rule.contains(tabs.root))
        #expect(OpaqueSubtrees<TestRoute>.none.isEmpty)
        #expect(OpaqueSubtrees<TestRoute>.ids([]).isEmpty)
        #expect(!rule.isEmpty)
        let either = OpaqueSubtrees<TestRoute>.ids([inbox.id]).union(.routes([.list]))
        #expect(either.contains(inbox) && either.contains(search) && !either.contains(profile))
    }

    /// `.routes` marks a stack by its first screen, which `setStack` can change while the stack
    /// stays: the stack keeps the renderer it was given, in both directions, and the window is
    /// not rebuilt.
    @Test(arguments: [true, false])
    func anElementKeepsItsRendererWhenItsContentNoLongerMatchesTheRule(startsOpaque: Bool) throws {
        let flow = try makeFlow(threeTabs)
        let (window, host, scheduler) = Self.settledRendering()
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        // The profile stack starts with `.settings` (opaque); the inbox stack with `.home`.
        let tab: TabID = startsOpaque ? .profile : .inbox
        let newStack: [TestRoute] = startsOpaque ? [.home, .detail(1)] : [.settings]
        let stackID = try #require(flow.state.root.tabs?.tabs.first { $0.id == tab }?.node.id)
        let stack = try #require(flow.state.node(stackID))
        #expect(scheduler.isOpaque(stack) == startsOpaque)
        let rootController = try #require(host.controllers[flow.state.root.id])

        let performedBefore = host.performed.count
        try flow.apply(.path([.selectTab(tab), .setStack(newStack)]))
        scheduler.show(flow.state)
        window.finishAll()
        let planned = host.performed[performedBefore...].map(\.change)
        #expect(!planned.contains(.setRoot(flow.state.root.id)), "\(planned)")
        #expect(host.controllers[flow.state.root.id] === rootController)
        // The rule now says otherwise, but the element keeps its renderer.
        let changed = try #require(flow.state.node(stackID))
        #expect(Self.settings.contains(changed) != startsOpaque)
        #expect(scheduler.isOpaque(changed) == startsOpaque)
        #expect(
            planned.contains { if case .setStack(stackID, _) = $0 { true } else { false } } == !startsOpaque,
            "\(planned)")
        #expect(window.projection == FakeWindow.projection(of: flow.state, opaque: scheduler.settledOpaque))
        #expect(window.violations.isEmpty, "\(window.violations)")
        #expect(scheduler.isIdle)

        // A new element is asked: after a replaced root, the rule decides again.
        try flow.apply(.replaceRoot(threeTabs))
        scheduler.show(flow.state)
        window.finishAll()
        let profile = try #require(flow.state.root.tabs?.tabs[1].node)
        #expect(scheduler.isOpaque(profile))
        #expect(window.projection == FakeWindow.projection(of: flow.state, opaque: Self.settings))
    }

    /// An element a superseded plan answered, but the window never showed, is asked again: a
    /// restored state may give its id to another element.
    @Test func anAnswerOfASupersededPlanIsNotGivenToAnotherElement() throws {
        let flow = try makeFlow(threeTabs)
        let (window, host, scheduler) = Self.settledRendering()
        try flow.apply(.sheet(.editor))
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        #expect(flow.state.presentedChain.count == 1)

        // T1: dismiss the sheet, then push `.settings` (opaque by the rule) on the inbox stack.
        try flow.apply(.path([.dismiss, .push(.settings)]))
        let pushed = flow.state.focusedScreen
        #expect(pushed.route == .settings)
        scheduler.show(flow.state)
        // The dismissal runs; the push has not happened yet.
        #expect(!window.isIdle)
        #expect(scheduler.isOpaque(pushed))

        // A saved state (another run) where that id is a `.detail(1)` screen.
        let other = try makeFlow(threeTabs)
        try other.apply(.sheet(.editor))
        try other.apply(.dismiss)
        try other.apply(.push(.detail(1)))
        let saved = other.state
        let reused = try #require(saved.node(pushed.id))
        #expect(reused.route == .detail(1))
        #expect(!Self.settings.contains(reused))

        try flow.restore(saved)
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        #expect(scheduler.isIdle)
        let now = try #require(flow.state.node(pushed.id))
        // The element was never planned with this content: the rule should decide.
        #expect(scheduler.isOpaque(now) == Self.settings.contains(now), "stale answer kept for \(pushed.id)")
        #expect(
            window.projection == FakeWindow.projection(of: flow.state, opaque: Self.settings),
            "\(window.projection)\n---\n\(FakeWindow.projection(of: flow.state, opaque: Self.settings))")
        #expect(window.violations.isEmpty, "\(window.violations)")
        withExtendedLifetime(host) {}  // the scheduler holds its host weakly
    }

    /// A restore that keeps an element the window shows (same id, kind and parent) keeps its
    /// renderer, whatever the rule says of its new content.
    @Test func aRestoreThatKeepsAnElementKeepsItsRenderer() throws {
        let flow = try makeFlow(threeTabs)
        let (window, host, scheduler) = Self.settledRendering()
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        let other = try makeFlow(threeTabs)
        try other.apply(.path([.selectTab(.profile), .setStack([.home]), .selectTab(.inbox)]))
        try flow.restore(other.state)
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        let profile = try #require(flow.state.root.tabs?.tabs[1].node)
        #expect(!Self.settings.contains(profile))
        #expect(scheduler.isOpaque(profile))
        #expect(window.projection == FakeWindow.projection(of: flow.state, opaque: scheduler.settledOpaque))
        #expect(window.violations.isEmpty, "\(window.violations)")
        withExtendedLifetime(host) {}  // the scheduler holds its host weakly
    }

    /// A sheet kept unmarked after setStack gave it a marked first screen is swiped down (the
    /// flow accepts), then a state with that sheet is restored: it is a new presentation, which
    /// the rule decides, and its old navigation controller is not reused as the hosted subtree.
    /// (A regression guard of the scheduler and the fake host; FlowController's own record of
    /// what each controller was made for is checked by type only here.)
    @Test func aSheetPresentedAgainAfterItsDismissalIsAskedAgain() throws {
        let flow = try makeFlow(threeTabs)
        let (window, host, scheduler) = Self.settledRendering()
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        try flow.apply(.sheetStack(.home))
        scheduler.show(flow.state)
        window.finishAll()
        let sheet = try #require(flow.state.presentedChain.last?.modal)
        #expect(scheduler.isOpaque(try #require(flow.state.node(sheet))) == false)
        try flow.apply(.setStack([.settings, .detail(1)]))
        scheduler.show(flow.state)
        window.finishAll()
        let marked = try #require(flow.state.node(sheet))
        #expect(Self.settings.contains(marked))
        #expect(scheduler.isOpaque(marked) == false)  // kept
        let saved = flow.state
        let stackController = try #require(host.controller(sheet))
        #expect(stackController.kind == .navigation)

        // The user swipes the sheet down; the flow accepts.
        window.userDismiss(stackController)
        scheduler.report(.dismissed(modal: sheet), to: flow)
        window.finishAll()
        #expect(scheduler.isIdle)
        // Nothing ran: a renderer that forgets controllers when it performs a step still has it.
        try flow.restore(saved)
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        let back = try #require(flow.state.node(sheet))
        #expect(scheduler.isOpaque(back) == Self.settings.contains(back))
        #expect(host.controller(sheet)?.kind == .hosted)
        #expect(window.projection == FakeWindow.projection(of: flow.state, opaque: Self.settings))
        #expect(window.violations.isEmpty, "\(window.violations)")
    }
}
