import DestinationsTesting
import Testing

@MainActor
@Suite struct TabGestureTests {
    static let layout: Layout<MiniRoute> = .tabs([
        .tab("main", .stack(.list)),
        .action("post", presents: .screen(.sheet)),
        .tab("other", .stack(.list)),
        .tab("hidden", .stack(.list), hidden: true),
    ])

    func harness(_ exhaustivity: Exhaustivity = .exhaustive) throws -> FlowHarness<MiniRoute> {
        try FlowHarness(
            FlowConfiguration(layout: Self.layout, providers: MiniApp.providers(), logger: .disabled),
            exhaustivity: exhaustivity, transcriptIDs: false)
    }

    @Test func tappingAnActionItemPresentsWhatItDeclaresAndIsAsserted() async throws {
        let harness = try harness()
        try await harness.tapTabAction("post") {
            """
            tabs (selected: main, hidden: hidden, action post at 1)
              [main] stack
                list
                  sheet: sheet ◀
              [other] stack
                list
              [hidden] stack
                list
            """
        }
        try await harness.finish()
    }

    @Test func tappingAHiddenTabOrAnUnknownActionIsARefusedStepAndChangesNothing() async throws {
        let harness = try harness()
        harness.reporter = .silent
        let before = harness.state
        var problems: [HarnessError.Problem] = []
        do { try await harness.tapTab("hidden") } catch { problems.append(error.problem) }
        do { try await harness.tapTabAction("share") } catch { problems.append(error.problem) }
        #expect(harness.state == before)
        #expect(problems == [.hiddenTab("hidden"), .unknownTabAction("share", actions: ["post"])])
    }

    @Test func arrangingTheTabsShowsAHiddenOneThatCanThenBeTapped() async throws {
        let harness = try harness(.nonExhaustive)
        try await harness.arrangeTabs(TabArrangement(order: ["hidden"], hidden: []))
        #expect(harness.state.root.tabs?.ids == ["hidden", "main", "other"])
        try await harness.tapTab("hidden")
        #expect(harness.state.root.tabs?.selection == "hidden")
        try await harness.finish()
    }

    @Test func theGesturesOfferedSkipHiddenTabsAndIncludeActionItems() throws {
        let harness = try harness()
        let offered = UserGesture.available(in: harness.state)
        #expect(offered.contains(.tapTab("other")))
        #expect(!offered.contains(.tapTab("hidden")))
        #expect(offered.contains(.tapTabAction("post")))
    }
}
