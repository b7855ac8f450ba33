import DestinationsTesting
import Testing

/// The pending change is a facet of the state the harness accounts for: a step that creates,
/// replaces or drops it says so, the transcript shows it, and the explorer tells a state with
/// a change waiting from the same screens without one.
@MainActor
@Suite struct PendingChangeAccountingTests {
    /// The mini app, where a sheet first needs an item to be shown: composing redirects.
    static func configuration() -> FlowConfiguration<MiniRoute> {
        var configuration = FlowConfiguration(layout: .stack(.list), providers: MiniApp.providers())
        configuration.logger = .disabled
        configuration.guards = [
            NavigationGuard("itemFirst") { change in
                guard change.added.contains(.sheet), !change.current.screens.contains(where: { $0.route == .item(7) })
                else { return .allow }
                return .redirect(.push(.item(7)))
            }
        ]
        return configuration
    }

    static func pendingLine(_ harness: FlowHarness<MiniRoute>) -> String {
        "pending: \(harness.flow.pendingChange?.request.cause.summary ?? "?"), redirected by itemFirst"
    }

    @Test func aStepThatCreatesThePendingChangeFailsWhenItsExpectationLeavesItOut() async throws {
        let harness = try FlowHarness(Self.configuration(), reporter: .silent)
        try await harness.send(.compose, to: ListScreen.self) { harness.state.rendered(ids: false) }
        #expect(harness.failures.count == 1)
        guard case .stateMismatch(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected a mismatch, got \(harness.failures)")
            return
        }
        #expect(diff.contains("+ pending: "), "\(diff)")
    }

    @Test func aStepThatCreatesThePendingChangeWithoutAnExpectationIsAnUnassertedChange() async throws {
        let harness = try FlowHarness(Self.configuration(), reporter: .silent)
        try await harness.send(.compose, to: ListScreen.self)
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(diff.contains("+ pending: "), "\(diff)")
    }

    @Test func droppingThePendingChangeOutsideAStepMustBeAsserted() async throws {
        let harness = try FlowHarness(Self.configuration(), reporter: .silent)
        try await harness.send(.compose, to: ListScreen.self) {
            harness.state.rendered(ids: false) + "\n" + Self.pendingLine(harness)
        }
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(harness.transcript.text.contains(Self.pendingLine(harness)), "\(harness.transcript.text)")
        harness.flow.dropPending()
        try await harness.finish()
        #expect(harness.failures.count == 1, "a drop nobody asserted fails")
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(diff.contains("+ pending: none"), "\(diff)")
    }

    @Test func anAssertedDropPasses() async throws {
        let harness = try FlowHarness(Self.configuration(), reporter: .silent)
        try await harness.send(.compose, to: ListScreen.self) {
            harness.state.rendered(ids: false) + "\n" + Self.pendingLine(harness)
        }
        harness.flow.dropPending()
        harness.expect { harness.state.rendered(ids: false) + "\npending: none" }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func theExplorerTellsARedirectedSheetWithAChangeWaitingFromTheSameSheetOpenedByHand() async {
        var explorer = FlowExplorer(depth: 1) {
            var configuration = FlowConfiguration(layout: .stack(.list), providers: MiniApp.providers())
            configuration.logger = .disabled
            configuration.guards = [
                NavigationGuard("signedIn") { change in
                    change.added.contains(.item(1)) ? .redirect(.sheet(.sheet)) : .allow
                }
            ]
            return configuration
        }
        explorer.includesGestures = false
        explorer.offer(.presentation(.sheet(.sheet)), named: "compose")
        explorer.offer(.presentation(.push(.item(1))), named: "open item")
        let report = await explorer.explore { flow in
            flow.pendingChange == nil ? nil : "a change waits behind the sheet"
        }
        #expect(report.violation?.steps == [.request("open item")], "\(report)")
    }
}
