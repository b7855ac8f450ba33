import Destinations
import Testing

/// The object that owns the session: who is signed in, and where it was read.
@MainActor
final class AppSession {
    var account: String?
    var reachedBy: Set<String> = []

    init(account: String?) {
        self.account = account
    }
}

@MainActor
final class SessionScreen: Destination {
    enum Event: Hashable, Sendable { case open }
    let context = DestinationContext<TestRoute, Event>()
    let sessionAtBuild: AppSession?

    init(sessionAtBuild: AppSession?) {
        self.sessionAtBuild = sessionAtBuild
    }
}

/// App-level state given to the configuration once reaches providers, Destinations and guards.
@MainActor
@Suite struct FlowEnvironmentTests {
    /// A configuration whose provider and guard read the session from what they are handed.
    static func configuration(session: AppSession) -> FlowConfiguration<TestRoute> {
        let provider = Provider.reading { (input: Provider<TestRoute>.Input) in
            let session = input.environment[AppSession.self]
            session?.reachedBy.insert("provider")
            return SessionScreen(sessionAtBuild: session)
        }
        var configuration = FlowConfiguration(layout: .stack(.home), providers: Providers { _ in provider })
        configuration.guards = [
            NavigationGuard("signedIn", redirects: [.login]) { change in
                let session = change.environment[AppSession.self]
                session?.reachedBy.insert("guard")
                guard change.added.contains(.settings), session?.account == nil else { return .allow }
                return .deny(reason: "signed out")
            }
        ]
        configuration.environment.insert(session)
        return configuration
    }

    @Test func theSameSessionReachesTheProviderTheDestinationAndTheGuard() throws {
        let session = AppSession(account: "ada")
        let flow = try Flow(Self.configuration(session: session))
        try flow.apply(.push(.list))
        let screen = try #require(flow.focusedDestination(as: SessionScreen.self))
        #expect(screen.sessionAtBuild === session)
        #expect(screen.context.environment[AppSession.self] === session)
        #expect(session.reachedBy == ["provider", "guard"])
    }

    @Test func anAccountSwitchIsSeenByTheGuardOnTheNextChange() throws {
        let session = AppSession(account: "ada")
        let flow = try Flow(Self.configuration(session: session))
        try flow.apply(.push(.settings))
        try flow.apply(.back)
        session.account = nil
        let before = flow.state
        #expect(throws: NavigationError.guardDenied(guard: "signedIn", route: "settings", reason: "signed out")) {
            try flow.apply(.push(.settings))
        }
        #expect(flow.state == before)
        session.account = "grace"
        try flow.apply(.push(.settings))
        #expect(flow.state.focusedScreen.route == .settings)
    }

    @Test func readingAnObjectTheConfigurationWasNotGivenIsATypedError() {
        let environment = FlowEnvironment()
        #expect(environment.isEmpty)
        #expect(throws: NavigationError.missingEnvironmentObject(type: "AppSession")) {
            try environment.require(AppSession.self)
        }
    }

    @Test func theLastObjectOfATypeInsertedIsTheOneRead() throws {
        var environment = FlowEnvironment()
        let first = AppSession(account: "ada")
        let second = AppSession(account: "grace")
        environment.insert(first)
        environment.insert(second)
        #expect(try environment.require(AppSession.self) === second)
    }

    @Test func aDetachedDestinationReadsAnEmptyEnvironment() {
        let screen = SessionScreen(sessionAtBuild: nil)
        #expect(screen.context.environment.isEmpty)
    }
}
