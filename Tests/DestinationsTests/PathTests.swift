import Destinations
import NotesApp
import Testing

@MainActor
@Suite struct PathTests {
    @Test func aPathRunsEachStepFromWhereThePreviousEnded() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.path([.selectTab(.profile), .push(.about), .sheetStack(.editor), .push(.detail(3))]))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: profile)
                  [inbox] stack #2
                    home #3
                  [profile] stack #4
                    settings #5
                    about #7
                      sheet: stack #8
                        editor #9
                        detail(3) #10 ◀
                  [search] list #6
                """)
    }

    @Test func aDeepLinkFromAnywhereResetsAndShowsTheTarget() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.path([.push(.detail(1)), .sheet(.editor)]))
        let link: Presentation<TestRoute> = .path([.dismissAll, .selectTab(.profile), .popToRoot, .push(.about)])
        try flow.apply(link)
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: profile)
                  [inbox] stack #2
                    home #3
                    detail(1) #7
                  [profile] stack #4
                    settings #5
                    about #9 ◀
                  [search] list #6
                """)
    }

    @Test func aPathIsOneChangeWithOneEvent() async throws {
        let flow = try makeFlow(.stack(.home))
        var events = flow.events().makeAsyncIterator()
        try flow.apply(.path([.push(.list), .push(.detail(1)), .push(.detail(2))]))
        try flow.apply(.back)
        let first = try #require(await events.next())
        #expect(first.changes.added.map(\.route) == [.list, .detail(1), .detail(2)])
        let second = try #require(await events.next())
        #expect(second.cause == .presentation(.back, from: nil))
    }

    @Test func anAssistantPassesTheEventsContentIntoAPath() throws {
        let log = Log()
        let providers = testProviders(log: log) { events in
            events.on(.choose, .present { (number: Int) in .path([.selectTab(.profile), .push(.detail(number))]) })
        }
        let flow = try Flow(threeTabs, providers: providers)
        try flow.focused?.send(.choose, content: 42)
        #expect(flow.state.focusedScreen.route == .detail(42))
        #expect(flow.visibleRoutes == [.detail(42)])
    }

    @Test func pathsNest() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.path([.push(.list), .path([.push(.detail(1)), .path([.push(.detail(2))])]), .back]))
        #expect(flow.state == (try state(.stack(.home, .list, .detail(1)))))
    }

    @Test func theFailingStepIsNamedWithItsPosition() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.step(2, of: 3, .nothingToDismiss(from: ElementID(4)))) {
            try flow.apply(.path([.push(.list), .push(.detail(1)), .dismiss]))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aFailureInANestedPathNamesEveryLevel() throws {
        let flow = try makeFlow(.stack(.home))
        let error = #expect(throws: NavigationError.self) {
            try flow.apply(.path([.push(.list), .path([.back, .back])]))
        }
        #expect(error == .step(1, of: 2, .step(1, of: 2, .cannotGoBack(stack: ElementID(1)))))
        #expect(error?.underlying == .cannotGoBack(stack: ElementID(1)))
    }

    @Test func theEmptyPathChangesNothing() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        try flow.apply(.path([]))
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func theNotesLicensesLinkOpensTheLicensesFromAnOpenSheet() throws {
        let store = NotesDatasource()
        let flow = try Flow(NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: store))
        try flow.apply(.sheetStack(.editNote(id: 1)))
        try flow.apply(NotesAppConfiguration.licensesLink)
        #expect(
            flow.state.rendered(ids: false) == """
                tabs (selected: settings)
                  [notes] stack
                    notes
                  [settings] stack
                    settings
                    about
                    licenses ◀
                  [counter] stack
                    counter
                """)
    }
}
