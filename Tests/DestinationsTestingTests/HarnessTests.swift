import DestinationsTesting
import Testing

@MainActor
@Suite struct FlowHarnessTests {
    let start = """
        tabs (selected: main)
          [main] stack
            list ◀
          [other] stack
            list
        """

    @Test func anExhaustiveTestThatAssertsEveryChangePasses() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        try await harness.send(.open, content: 3, to: ListScreen.self) {
            """
            tabs (selected: main)
              [main] stack
                list
                item(3) ◀
              [other] stack
                list
            """
        }
        try await harness.swipeBack { start }
        try await harness.finish()
        #expect(harness.failures.isEmpty)
        #expect(harness.stepCount == 2)
    }

    @Test func aStepThatChangesTheStateWithoutAnExpectationFails() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        await withKnownIssue {
            try await harness.send(.open, content: 3, to: ListScreen.self)
        }
        let failure = try #require(harness.failures.first)
        guard case .unassertedChange = failure.problem else {
            Issue.record("expected an unasserted change, got \(failure.problem)")
            return
        }
        #expect(failure.step == 1)
        #expect(failure.destination == "list #3")
        #expect(
            failure.description.hasPrefix(
                "Step 1 (send open to ListScreen with 3) on list #3: the state changed but the test did not say how"))
        #expect(failure.description.contains("+     item(3) #6 ◀"))
    }

    @Test func aStepThatChangesNothingNeedsNoExpectation() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        try await harness.tapTab("main")
        #expect(harness.failures.isEmpty)
    }

    @Test func aChangeMadeOutsideTheStepsIsReportedAtTheNextStep() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        try harness.flow.apply(.push(.item(1)))
        await withKnownIssue {
            try await harness.swipeBack { start }
        }
        #expect(harness.failures.count == 1)
        #expect(harness.failures.first?.action == "after start, outside the harness's steps")
    }

    @Test func finishReportsAChangeNobodyAsserted() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        try harness.flow.apply(.push(.item(1)))
        await withKnownIssue {
            try await harness.finish()
        }
        harness.expect {
            """
            tabs (selected: main)
              [main] stack
                list
                item(1) ◀
              [other] stack
                list
            """
        }
        #expect(harness.failures.count == 1)
    }

    @Test func aWrongExpectationReportsAReadableDiff() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        await withKnownIssue {
            try await harness.send(.compose, to: ListScreen.self) {
                """
                tabs (selected: main)
                  [main] stack
                    list
                    item(3) ◀
                  [other] stack
                    list
                """
            }
        }
        let failure = try #require(harness.failures.first)
        #expect(
            failure.description == """
                Step 1 (send compose to ListScreen) on list #3: the state is not the expected one (- expected, + actual):
                  tabs (selected: main)
                    [main] stack
                      list
                -     item(3) ◀
                +       sheet: sheet ◀
                    [other] stack
                      list
                """
        )
    }

    @Test func expectationsWithIDsAreComparedWithIDs() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        await withKnownIssue {
            try await harness.send(.open, content: 1, to: ListScreen.self) {
                """
                tabs #1 (selected: main)
                  [main] stack #2
                    list #3
                    item(1) #99 ◀
                  [other] stack #4
                    list #5
                """
            }
        }
        #expect(harness.failures.first?.description.contains("+     item(1) #6 ◀") == true)
    }

    @Test func aNonExhaustiveHarnessChecksOnlyWhatItIsTold() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers(), exhaustivity: .nonExhaustive)
        try await harness.send(.open, content: 1, to: ListScreen.self)
        try await harness.send(.more, to: ItemScreen.self)
        #expect(harness.destination(ItemScreen.self)?.number == 2)
        try await harness.tapTab("other") {
            """
            tabs (selected: other)
              [main] stack
                list
                item(1)
                item(2)
              [other] stack
                list ◀
            """
        }
        #expect(harness.failures.isEmpty)
    }

    @Test func settlingWaitsForTrackedWorkWithoutSleeping() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        try await harness.send(.load, to: ListScreen.self) {
            """
            tabs (selected: main)
              [main] stack
                list
                item(99) ◀
              [other] stack
                list
            """
        }
        #expect(harness.failures.isEmpty)
    }

    @Test func settleAssertsWorkStartedOutsideTheSteps() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        try harness.destination(ListScreen.self)?.send(.load)
        try await harness.settle {
            """
            tabs (selected: main)
              [main] stack
                list
                item(99) ◀
              [other] stack
                list
            """
        }
        #expect(harness.failures.isEmpty)
    }

    @Test func aWholeStateCanBeExpectedAsAValueWithItsIDs() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers(), exhaustivity: .nonExhaustive)
        try await harness.send(.open, content: 7, to: ListScreen.self)
        let expected = try NavigationState(MiniApp.layout).applying(.push(.item(7)))
        harness.expect(expected)
        #expect(harness.failures.isEmpty)
        let start = try NavigationState(MiniApp.layout)
        withKnownIssue {
            harness.expect(start)
        }
        #expect(harness.failures.count == 1)
    }

    @Test func userGesturesSwipeDownASheetAndTapATab() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        try await harness.send(.compose, to: ListScreen.self) {
            """
            tabs (selected: main)
              [main] stack
                list
                  sheet: sheet ◀
              [other] stack
                list
            """
        }
        try await harness.swipeDownSheet { start }
        try await harness.tapTab("other") {
            """
            tabs (selected: other)
              [main] stack
                list
              [other] stack
                list ◀
            """
        }
        #expect(harness.failures.isEmpty)
    }
}

@MainActor
@Suite struct HarnessErrorTests {
    @Test func sendingToADestinationThatIsNotVisibleSaysWhatIsVisible() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        let error = await #expect(throws: HarnessError.self) {
            try await harness.send(.close, to: ItemScreen.self)
        }
        #expect(error?.step == 1)
        #expect(error?.problem == .noVisibleDestination(type: "ItemScreen", visible: ["list #3"]))
        #expect(
            error?.description
                == "Step 1 (send close to ItemScreen): expected a visible ItemScreen, but the visible screens are list #3."
        )
    }

    @Test func aRefusedEventSaysWhyAndLeavesTheStateAsItWas() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        let before = harness.state
        let error = await #expect(throws: HarnessError.self) {
            try await harness.send(.open(.listed), to: ListScreen.self)
        }
        #expect(error?.navigationError == .contentMismatch(event: "open", expected: "Int", actual: "nothing"))
        #expect(error?.destination == "list #3")
        #expect(harness.state == before)
        #expect(harness.transcript.entries.last?.state.hasPrefix("refused:") == true)
    }

    @Test func gesturesTheStateDoesNotAllowAreRefusedWithTheReason() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers(lockedSheet: true))
        let back = await #expect(throws: HarnessError.self) { try await harness.swipeBack() }
        #expect(back?.problem == .nothingToSwipeBack(focused: "list #3"))
        let down = await #expect(throws: HarnessError.self) { try await harness.swipeDownSheet() }
        #expect(down?.problem == .noSheetToSwipeDown(onTop: "no modal (focused: list #3)"))
        let tab = await #expect(throws: HarnessError.self) { try await harness.tapTab("archive") }
        #expect(tab?.problem == .unknownTab("archive", tabs: ["main", "other"]))
        try await harness.send(.compose, to: ListScreen.self) {
            """
            tabs (selected: main)
              [main] stack
                list
                  sheet[locked]: sheet ◀
              [other] stack
                list
            """
        }
        let locked = await #expect(throws: HarnessError.self) { try await harness.swipeDownSheet() }
        #expect(locked?.problem == .sheetLocked(ElementID(3)))
        let covered = await #expect(throws: HarnessError.self) { try await harness.tapTab("other") }
        #expect(covered?.problem == .noTabBar(focused: "sheet #6"))
    }
}
