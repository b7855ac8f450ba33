import DestinationsTesting
import Testing

/// The session object of an app, recording where the flow's parts read it.
@MainActor
final class MiniSession {
    var account = "ada"
    var reachedBy: Set<String> = []
}

@MainActor final class MiniSessionScreen: Destination {
    enum Event: Hashable, Sendable { case next }
    let context = DestinationContext<MiniRoute, Event>()
}

/// The environment given once to the configuration reaches the harness, the explorer and a
/// random walk built from it, with nothing attached afterwards.
@MainActor
@Suite struct EnvironmentReachTests {
    static func configuration(session: MiniSession) -> FlowConfiguration<MiniRoute> {
        let provider = Provider.reading { (input: Provider<MiniRoute>.Input) in
            input.environment[MiniSession.self]?.reachedBy.insert("provider")
            return MiniSessionScreen()
        } events: { events in
            events.on(.next, .present(.push(.item(1))))
        }
        var configuration = FlowConfiguration(layout: .stack(.list), providers: Providers { _ in provider })
        configuration.guards = [
            NavigationGuard("session") { change in
                change.environment[MiniSession.self]?.reachedBy.insert(
                    "guard:\(change.environment[MiniSession.self]?.account ?? "-")")
                return .allow
            }
        ]
        configuration.environment.insert(session)
        return configuration
    }

    @Test func aHarnessBuiltFromTheConfigurationHandsItsFlowTheSameSession() async throws {
        let session = MiniSession()
        let harness = try FlowHarness(Self.configuration(session: session), exhaustivity: .nonExhaustive)
        #expect(harness.flow.configuration.environment[MiniSession.self] === session)
        try await harness.perform(.presentation(.push(.item(2))))
        #expect(session.reachedBy == ["provider", "guard:ada"])
        session.account = "grace"
        try await harness.perform(.presentation(.push(.item(3))))
        #expect(session.reachedBy.contains("guard:grace"))
    }

    @Test func theExplorerReachesTheSessionOnEveryFlowItBuilds() async {
        let session = MiniSession()
        let explorer = FlowExplorer<MiniRoute>(depth: 2) { Self.configuration(session: session) }
        let report = await explorer.explore { flow in
            flow.configuration.environment[MiniSession.self] === session ? nil : "the session did not reach the flow"
        }
        #expect(report.violation == nil, "\(report)")
        #expect(session.reachedBy.contains("provider"))
    }

    @Test func aRandomWalkReachesTheSessionThroughItsProvidersAndGuards() async {
        let session = MiniSession()
        let walk = RandomWalk<MiniRoute>(steps: 20) { Self.configuration(session: session) }
        let report = await walk.run(seed: 1)
        #expect(report.failure == nil, "\(report)")
        #expect(session.reachedBy.contains("provider"))
        #expect(session.reachedBy.contains("guard:ada"))
    }
}
