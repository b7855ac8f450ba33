import Destinations
import Testing

@MainActor
@Suite struct ModalPresentationTests {
    @Test func aSheetKeepsItsOptionsAndCoversThePresenter() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        _ = log.take()
        let options = SheetOptions(
            detents: [.medium, .large], selectedDetent: .medium, interactiveDismissDisabled: true)
        try flow.apply(.sheet(.editor, options))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                    sheet[medium,large,@medium,locked]: editor #3 ◀
                """)
        #expect(flow.state.presentedModals.map(\.style) == [.sheet(options)])
        #expect(flow.visibleRoutes == [.editor])
        #expect(log.take() == ["disappear home", "prepare editor", "appear editor"])
    }

    @Test func dismissRemovesTheSheetAndRefocusesThePresenter() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        try flow.apply(.sheet(.editor))
        _ = log.take()
        try flow.apply(.dismiss)
        #expect(flow.state == (try state(.stack(.home))))
        #expect(log.take() == ["disappear editor", "cleanup editor", "appear home"])
        #expect(log.alive == [.home])
    }

    @Test func aFullScreenCoverPresentsAndDismisses() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.fullScreenCover(.login))
        #expect(flow.state.presentedModals.map(\.style) == [.fullScreenCover])
        #expect(flow.focused?.route == .login)
        try flow.apply(.dismiss)
        #expect(flow.state == (try state(threeTabs)))
    }

    @Test func anAlertLeavesThePresenterVisibleAndTakesTheFocus() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        _ = log.take()
        try flow.apply(.alert(.confirm))
        #expect(flow.visibleRoutes == [.home, .confirm])
        #expect(flow.focused?.route == .confirm)
        #expect(log.take() == ["prepare confirm", "appear confirm"])
        try flow.apply(.dismiss)
        #expect(flow.state == (try state(.stack(.home))))
        #expect(log.take() == ["disappear confirm", "cleanup confirm"])
    }

    @Test func aConfirmationDialogPresentsAndDismisses() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .screen(.detail(1))))
        try flow.apply(.confirmationDialog(.choice))
        #expect(
            flow.state.rendered() == """
                split #1 (2 columns)
                  [sidebar] menu #2
                  [detail] detail(1) #3
                    confirmationDialog: choice #4 ◀
                """)
        try flow.focused?.send(.close)
        #expect(flow.state == (try state(.split(sidebar: .screen(.menu), detail: .screen(.detail(1))))))
    }

    @Test func aScreenInASheetCanPresentAnotherSheetAndAnAlertOnTop() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheetStack(.editor))
        try flow.apply(.fullScreenCover(.login))
        try flow.apply(.alert(.confirm))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                    sheet: stack #3
                      editor #4
                        fullScreenCover: login #5
                          alert: confirm #6 ◀
                """)
        #expect(flow.state.presentedModals.map(\.style) == [.sheet, .fullScreenCover, .alert])
        #expect(flow.visibleRoutes == [.login, .confirm])
    }

    @Test func dismissFromTheInnerModalDismissesOnlyIt() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheet(.editor))
        try flow.apply(.fullScreenCover(.login))
        try flow.apply(.dismiss)
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                    sheet: editor #3 ◀
                """)
    }

    @Test func dismissFromTheOuterModalDismissesEverythingItPresents() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        try flow.apply(.sheet(.editor))
        try flow.apply(.fullScreenCover(.login))
        try flow.apply(.dismiss, from: ElementID(3))
        #expect(flow.state == (try state(.stack(.home))))
        #expect(log.alive == [.home])
    }

    @Test func dismissAllRemovesEveryModalOnScreen() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        try flow.apply(.sheetStack(.editor))
        try flow.apply(.push(.detail(1)))
        try flow.apply(.alert(.confirm))
        _ = log.take()
        try flow.apply(.dismissAll)
        #expect(flow.state == (try state(threeTabs)))
        #expect(
            log.take() == [
                "disappear detail(1)", "disappear confirm", "cleanup editor", "cleanup detail(1)", "cleanup confirm",
                "appear home",
            ])
    }

    @Test func dismissAllWithNoModalChangesNothing() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        try flow.apply(.dismissAll)
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aContainerCanPresent() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.sheet(.editor), from: ElementID(1))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: inbox)
                  [inbox] stack #2
                    home #3
                  [profile] stack #4
                    settings #5
                  [search] list #6
                  sheet: editor #7 ◀
                """)
        try flow.apply(.dismiss)
        #expect(flow.state == (try state(threeTabs)))
    }

    @Test func anAlertCannotPresent() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.alert(.confirm))
        #expect(throws: NavigationError.overlayCannotPresent(ElementID(3))) {
            try flow.apply(.sheet(.editor))
        }
    }

    @Test func anAlertMustShowOneScreen() throws {
        let flow = try makeFlow(.stack(.home))
        #expect(throws: NavigationError.overlayNeedsScreen(.alert)) {
            try flow.apply(.present(.stack(.confirm), style: .alert))
        }
    }

    @Test func aScreenPresentsOneModalAtATime() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheet(.editor))
        #expect(throws: NavigationError.alreadyPresenting(ElementID(2))) {
            try flow.apply(.sheet(.about), from: ElementID(2))
        }
    }

    @Test func dismissOutsideAModalThrowsNothingToDismiss() throws {
        let flow = try makeFlow(.stack(.home))
        #expect(throws: NavigationError.nothingToDismiss(from: ElementID(2))) {
            try flow.apply(.dismiss)
        }
    }
}
