import Destinations
import DestinationsTesting
import NotesApp
import Testing

/// One configuration for the app and its tests: the harness, random walks and the explorer take
/// the value the app makes its flow from, so a test opens links and meets guards as the app does.
@MainActor
@Suite struct SharedConfigurationTests {
    static func configuration(session: NotesSession) throws -> FlowConfiguration<AppRoute> {
        var configuration = FlowConfiguration(
            layout: NotesAppConfiguration.layout,
            providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        configuration.guards = [NotesAppConfiguration.signedInGuard(session)]
        configuration.urls = .init(router: try NotesAppConfiguration.makeRouter(), scene: "main")
        return configuration
    }

    @Test func theHarnessOpensALinkAndResumesItAfterSignInAsTheAppDoes() async throws {
        let session = NotesSession(signedIn: false)
        let harness = try FlowHarness(try Self.configuration(session: session), exhaustivity: .nonExhaustive)
        let outcome = try await harness.open("https://notes.example.com/notes/2", source: .external(.universalLink))
        #expect(outcome == .redirected(guard: "signedIn"))
        #expect(harness.state.focusedScreen.route == .signIn)
        session.isSignedIn = true
        #expect(try await harness.resumePending() == .applied)
        #expect(harness.state.focusedScreen.route == .note(id: 2))
        #expect(!harness.state.screens.contains { $0.route == .signIn })
    }

    @Test func aRefusedLinkIsAHarnessErrorNamingTheLinksError() async throws {
        let harness = try FlowHarness(try Self.configuration(session: NotesSession()), exhaustivity: .nonExhaustive)
        await #expect(throws: HarnessError.self) {
            try await harness.open("notes://about", source: .external(.otherApp))
        }
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
