import Testing

@testable import Destinations

/// The planner and the stager on the cases of the rendering design.
@MainActor
@Suite struct RenderPlanTests {
    typealias State = NavigationState<TestRoute>

    func changes(_ plan: RenderPlan) -> [RenderStep.Change] { plan.steps.map { $0.change } }

    @Test func aPushIsOneStackStep() throws {
        let before = try state(.stack(.home))
        let after = try before.applying(.push(.detail(1)))
        #expect(
            changes(after.renderPlan(from: before)) == [
                .setStack(ElementID(1), elements: [ElementID(2), ElementID(3)])
            ])
        #expect(after.renderStages(from: before) == [after])
    }

    @Test func aMultiPushDeepLinkIsOneStackStepAndOneStage() throws {
        let before = try state(.stack(.home))
        let after = try before.applying(.path([.push(.list), .push(.detail(1)), .push(.detail(2))]))
        #expect(
            changes(after.renderPlan(from: before)) == [
                .setStack(ElementID(1), elements: (2...5).map { ElementID($0) })
            ])
        #expect(after.renderStages(from: before) == [after])
    }

    @Test func changesThatFitOneSwiftUIUpdateAreOneStage() throws {
        let tabs = try state(threeTabs)
        let pushed = try tabs.applying(.push(.detail(1)))
        let changes: [(NavigationState<TestRoute>, NavigationState<TestRoute>)] = [
            (tabs, pushed),
            (pushed, try pushed.applying(.back)),
            (tabs, try tabs.applying(.selectTab(.search))),
            (tabs, try tabs.applying(.sheet(.editor))),
            (tabs, try tabs.applying(.path([.selectTab(.profile), .push(.list), .push(.detail(2)), .sheet(.editor)]))),
        ]
        for (old, new) in changes {
            #expect(new.renderStages(from: old) == [new], "\(new)")
        }
        // Two modals at once take a stage each.
        let two = try tabs.applying(.path([.sheet(.editor), .alert(.confirm)]))
        #expect(two.renderStages(from: tabs).map { $0.presentedChain.count } == [1, 2])
        // Replacing one sheet by another dismisses, then presents.
        let sheet = try tabs.applying(.sheet(.editor))
        let other = try sheet.applying(.path([.dismiss, .sheet(.about)]))
        #expect(other.renderStages(from: sheet).map { $0.presentedChain.count } == [0, 1])
    }

    @Test func aDeepLinkFromInsideASheetIsDismissStackTab() throws {
        let tabs = try state(threeTabs)
        let sheet = try tabs.applying(.sheet(.editor))
        let editor = sheet.focusedScreen.id
        let link = try sheet.applying(.path([.selectTab(.profile), .push(.detail(1))]))
        let pushed = link.focusedScreen.id
        #expect(
            changes(link.renderPlan(from: sheet)) == [
                .dismiss(presenter: ElementID(3), modal: editor),
                .setStack(ElementID(4), elements: [ElementID(5), pushed]),
                .selectTab(.profile, index: 1, tabs: ElementID(1)),
            ])
        // One dismissal and container changes fit one SwiftUI update.
        #expect(link.renderStages(from: sheet) == [link])
    }

    @Test func leavingATabWithASheetDismissesFirstAndComingBackPresentsLast() throws {
        let tabs = try state(threeTabs)
        let sheet = try tabs.applying(.sheet(.editor))
        let editor = sheet.focusedScreen.id
        let left = try sheet.applying(.selectTab(.profile))
        #expect(
            changes(left.renderPlan(from: sheet)) == [
                .dismiss(presenter: ElementID(3), modal: editor),
                .selectTab(.profile, index: 1, tabs: ElementID(1)),
            ])
        let back = try left.applying(.path([.selectTab(.inbox), .sheet(.editor)]))
        let plan = changes(back.renderPlan(from: left))
        #expect(plan.count == 2)
        #expect(plan.first == .selectTab(.inbox, index: 0, tabs: ElementID(1)))
        guard case .present(let presenter, _, .sheet)? = plan.last else {
            Issue.record("expected a sheet presentation last, got \(plan)")
            return
        }
        #expect(presenter == ElementID(3))
    }

    @Test func aLateAlertReportIsIgnored() throws {
        let before = try state(.stack(.home))
        let alert = try before.applying(.alert(.confirm))
        let alertID = alert.focusedScreen.id
        // The alert's button dismisses it and presents a sheet from the same screen…
        let sheet = try alert.applying(.path([.dismiss, .sheet(.editor)]), from: alertID)
        // …then the platform reports the alert's dismissal: the state no longer presents it.
        #expect(try UserAction.dismissal(of: alertID, in: sheet) == nil)
        #expect(try UserAction.dismissal(of: alertID, in: alert) == .dismissed(modal: alertID))
        // The plan replaces the alert with the sheet: one dismissal, then one presentation.
        let plan = changes(sheet.renderPlan(from: alert))
        #expect(plan.count == 2)
        #expect(plan.first == .dismiss(presenter: ElementID(2), modal: alertID))
        // Once the window has acknowledged the alert's dismissal, only the sheet is left to do.
        let acknowledged = alert.acknowledging(.dismissed(modal: alertID))
        #expect(changes(sheet.renderPlan(from: acknowledged)).count == 1)
    }

    @Test func aNewWindowIsBuiltAtOnceThenItsModalsArePresentedOneByOne() throws {
        let base = try state(.stack(.home))
        let target = try base.applying(
            .path([.sheetStack(.editor), .push(.detail(1)), .fullScreenCover(.login), .alert(.confirm)]))
        let plan = target.renderPlan(from: nil, animated: false)
        #expect(plan.steps.allSatisfy { !$0.animated })
        #expect(plan.steps.first?.change == .setRoot(ElementID(1)))
        #expect(plan.steps.dropFirst().map { $0.isModalTransition } == [true, true, true])
        #expect(
            target.presentedChain.map { $0.modal }
                == plan.steps.dropFirst().compactMap {
                    if case .present(_, let modal, _) = $0.change { modal } else { nil }
                })
        // SwiftUI shows them one modal at a time too.
        let stages = target.renderStages(from: nil)
        #expect(stages.map { $0.presentedChain.count } == [0, 1, 2, 3])
        #expect(stages.last == target)
    }

    @Test func dismissingAChainDismissesOnlyTheOutermostModal() throws {
        let base = try state(.stack(.home))
        let chained = try base.applying(.path([.sheet(.editor), .fullScreenCover(.login), .alert(.confirm)]))
        let cleared = try chained.applying(.dismissAll)
        let outermost = chained.presentedChain[0]
        #expect(
            changes(cleared.renderPlan(from: chained)) == [
                .dismiss(presenter: outermost.presenter, modal: outermost.modal)
            ])
        // SwiftUI dismisses them one at a time, innermost first.
        #expect(cleared.renderStages(from: chained).map { $0.presentedChain.count } == [2, 1, 0])
    }

    @Test func stepsIntoModalsBeingDismissedAreNotPlanned() throws {
        let base = try state(.stack(.home))
        let sheet = try base.applying(.sheetStack(.editor))
        let pushedInSheet = try sheet.applying(.push(.detail(1)))
        let dismissed = try pushedInSheet.applying(.dismiss)
        // Going from the sheet with one screen to no sheet needs no step for the sheet's stack.
        let plan = changes(dismissed.renderPlan(from: sheet))
        #expect(plan.count == 1)
        #expect(plan.allSatisfy { if case .dismiss = $0 { true } else { false } })
    }

    @Test func opaqueSubtreesGetNoSteps() throws {
        let tabs = try state(threeTabs)
        let pushed = try tabs.applying(.path([.push(.detail(1)), .sheet(.editor)]))
        // The inbox stack (#2) is drawn by another renderer: neither its push nor the sheet
        // one of its screens presents is planned.
        #expect(pushed.renderPlan(from: tabs, opaque: [ElementID(2)]).isEmpty)
        #expect(pushed.renderPlan(from: tabs).steps.count == 2)
        // The tab bar still places it: selecting another tab is planned.
        let other = try tabs.applying(.selectTab(.profile))
        #expect(
            changes(other.renderPlan(from: tabs, opaque: [ElementID(2)])) == [
                .selectTab(.profile, index: 1, tabs: ElementID(1))
            ])
    }

    @Test func aStateThatReusesAnIdForAnotherElementIsRebuilt() throws {
        let before = try state(.stack(.home, .list))
        let restored = try state(.stack(.home, .settings))
        let plan = changes(restored.renderPlan(from: before))
        #expect(plan == [.setRoot(ElementID(1))])
    }

    @Test func stepsAreIdempotentOnWhatTheWindowShows() throws {
        let tabs = try state(threeTabs)
        let target = try tabs.applying(
            .path([.selectTab(.profile), .push(.detail(1)), .sheetStack(.editor), .alert(.confirm)]))
        var shown = tabs
        for step in target.renderPlan(from: tabs).steps {
            let once = shown.applying(step, toward: target)
            #expect(once.applying(step, toward: target) == once, "\(step) applied twice")
            shown = once
        }
        #expect(shown == target)
        #expect(target.renderPlan(from: shown).isEmpty)
    }

    @Test func reportsAreNilWhenTheStateAlreadyMatchesAndTypedWhenStale() throws {
        let stack = try state(.stack(.home, .list, .detail(1)))
        #expect(
            try UserAction.stack(ElementID(1), showing: [ElementID(2), ElementID(3), ElementID(4)], in: stack) == nil)
        #expect(
            try UserAction.stack(ElementID(1), showing: [ElementID(2)], in: stack)
                == .popped(stack: ElementID(1), to: ElementID(2)))
        #expect(try UserAction.stack(ElementID(99), showing: [ElementID(2)], in: stack) == nil)
        #expect(throws: NavigationError.staleUserAction(.notInStack(ElementID(9), stack: ElementID(1)))) {
            try UserAction.stack(ElementID(1), showing: [ElementID(2), ElementID(9)], in: stack)
        }
        #expect(throws: NavigationError.staleUserAction(.notAStack(ElementID(2)))) {
            try UserAction.stack(ElementID(2), showing: [], in: stack)
        }
        #expect(throws: NavigationError.staleUserAction(.notAModal(ElementID(3)))) {
            try UserAction.dismissal(of: ElementID(3), in: stack)
        }
        let tabs = try state(threeTabs)
        #expect(try UserAction.tab(.inbox, of: ElementID(1), in: tabs) == nil)
        #expect(try UserAction.tab(.profile, of: ElementID(1), in: tabs) == .selectedTab(.profile, tabs: ElementID(1)))
        #expect(throws: NavigationError.unknownTab("nope", tabs: ElementID(1))) {
            try UserAction.tab("nope", of: ElementID(1), in: tabs)
        }
        let split = try state(.split(sidebar: .stack(.menu), detail: .stack(.content(1))))
        #expect(try UserAction.column(showing: ElementID(4), in: split) == .closedColumn(showing: ElementID(4)))
        #expect(try UserAction.column(showing: ElementID(40), in: split) == nil)
        #expect(throws: NavigationError.staleUserAction(.sidebarCannotClose(split: ElementID(1)))) {
            try UserAction.column(showing: ElementID(2), in: split)
        }
        let sheet = try stack.applying(
            .present(.screen(.editor), style: .sheet(SheetOptions(detents: [.medium, .large]))))
        let editor = sheet.focusedScreen.id
        #expect(try UserAction.sheet(editor, movedTo: .medium, in: sheet) == nil)
        #expect(try UserAction.sheet(editor, movedTo: .large, in: sheet) == .movedSheet(to: .large, modal: editor))
    }

    @Test func truncatingTheChainKeepsTheModalsBelow() throws {
        let base = try state(.stack(.home))
        let chained = try base.applying(.path([.sheet(.editor), .fullScreenCover(.login)]))
        #expect(chained.truncatingChain(at: 1).presentedChain == Array(chained.presentedChain.prefix(1)))
        #expect(chained.truncatingChain(at: 0).presentedChain.isEmpty)
        #expect(chained.truncatingChain(at: 5) == chained)
    }
}
