import Destinations
import DestinationsTesting
import DestinationsURLs
import NotesApp
import Testing

/// One configuration for the app and its tests: the harness, random walks and the explorer take
/// the value the app makes its flow from, so a test performs the requests the app's links stand
/// for and meets guards as the app does.
@MainActor
@Suite struct SharedConfigurationTests {
    static func configuration(session: NotesSession) throws -> FlowConfiguration<AppRoute> {
        var configuration = FlowConfiguration(
            layout: NotesAppConfiguration.layout,
            providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        configuration.guards = [NotesAppConfiguration.signedInGuard(session)]
        return configuration
    }

    /// The request a link stands for, read by the app's router.
    static func link(_ url: String, source: ChangeSource) throws -> ChangeRequest<AppRoute> {
        try NotesAppConfiguration.makeRouter().request(for: url, scene: "main", source: source)
    }

    @Test func theHarnessOpensALinkAndResumesItAfterSignInAsTheAppDoes() async throws {
        let session = NotesSession(signedIn: false)
        let harness = try FlowHarness(try Self.configuration(session: session), exhaustivity: .nonExhaustive)
        let outcome = try await harness.perform(
            Self.link("https://notes.example.com/notes/2", source: .external(.universalLink)))
        #expect(outcome == .redirected(guard: "signedIn"))
        #expect(harness.state.focusedScreen.route == .signIn)
        session.isSignedIn = true
        #expect(try await harness.resumePending() == .applied)
        #expect(harness.state.focusedScreen.route == .note(id: 2))
        #expect(!harness.state.screens.contains { $0.route == .signIn })
    }

    @Test func aLinkTheRouterRefusesNeverReachesTheHarness() throws {
        #expect(throws: DeepLinkError.noMatchingLink(path: "about")) {
            try Self.link("notes://about", source: .external(.otherApp))
        }
    }

    @Test func aRequestTheFlowRefusesIsAHarnessErrorNamingTheRefusal() async throws {
        let harness = try FlowHarness(try Self.configuration(session: NotesSession()), exhaustivity: .nonExhaustive)
        let before = harness.state
        let request = try Self.link("notes://main/notes/notes/note/1", source: .app)
        harness.flow.configuration.maximumScreens = 1
        let error = await #expect(throws: HarnessError.self) { try await harness.perform(request) }
        #expect(error?.problem == .refused(.tooManyScreens(count: 4, limit: 1)), "\(String(describing: error))")
        #expect(harness.state == before)
    }

    @Test func aWalkOfTheAppsConfigurationWithItsGuardsKeepsEveryInvariant() async throws {
        var walk = RandomWalk<AppRoute>(steps: 60) {
            // A fresh signed-out session for each replay.
            (try? Self.configuration(session: NotesSession(signedIn: false)))
                ?? FlowConfiguration(
                    layout: NotesAppConfiguration.layout,
                    providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        }
        walk.content(for: .select, of: NotesList.self) { list, random in list.notes.randomElement(using: &random) }
        for seed in 0..<UInt64(5) {
            let report = await walk.run(seed: seed)
            #expect(report.failure == nil, "\(report)")
        }
    }
}
