import Destinations
import DestinationsTesting
import DestinationsURLs
import Foundation
import NotesApp
import Testing

/// The Notes app explored exhaustively: every state reachable through its events, the user's
/// gestures and the links the world may open, checked one by one.
@MainActor
@Suite struct NotesExplorationTests {
    /// How deep the exploration goes: 4 in a normal run, more with
    /// `DESTINATIONS_EXPLORATION_DEPTH`.
    static let depth = ProcessInfo.processInfo.environment["DESTINATIONS_EXPLORATION_DEPTH"].flatMap(Int.init) ?? 4

    func explorer(signedIn: Bool) throws -> FlowExplorer<AppRoute> {
        let router = try NotesAppConfiguration.makeRouter()
        var explorer = FlowExplorer<AppRoute>(depth: Self.depth) {
            var configuration = FlowConfiguration(
                layout: NotesAppConfiguration.layout,
                providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
            configuration.guards = [NotesAppConfiguration.signedInGuard(NotesSession(signedIn: signedIn))]
            return configuration
        }
        for (url, source) in [
            ("https://notes.example.com/notes/1", ChangeSource.external(.universalLink)),
            ("https://notes.example.com/notes/2/edit", .external(.universalLink)),
            ("notes://n/3", .external(.customScheme)),
            ("notes://main/notes/notes/note/1", .app),
        ] {
            explorer.offer(try router.request(for: url, scene: "main", source: source), named: "open \(url)")
        }
        explorer.content(for: .select, of: NotesList.self) { list in Array(list.notes.prefix(2)) }
        return explorer
    }

    static func privateNote(in flow: Flow<AppRoute>) -> String? {
        flow.state.screens.first { $0.route?.requiresAccount == true }.map {
            "\($0.route.map(String.init(describing:)) ?? "") shows"
        }
    }

    @Test func noPrivateNoteIsReachableWhileSignedOutByAnyDoor() async throws {
        let report = try await explorer(signedIn: false).explore(Self.privateNote)
        #expect(report.violation == nil, "\(report)")
        #expect(report.states > 10, "the exploration went somewhere: \(report)")
    }

    @Test func signedInTheExplorerFindsAShortestPathToAPrivateNote() async throws {
        let explorer = try explorer(signedIn: true)
        let report = await explorer.explore(Self.privateNote)
        let violation = try #require(report.violation)
        #expect(violation.steps.count == 1, "one tap or one link is enough: \(violation.test)")
        let replayed = try await explorer.replay(violation.steps)
        #expect(Self.privateNote(in: replayed) != nil, "the reported path reproduces the violation")
        #expect(violation.test.contains("explorer.replay(["))
    }
}

/// What the explorer tells apart: a step that changes only what a screen shows is a new state.
@MainActor
@Suite struct ExplorationScreenStateTests {
    func explorer(depth: Int) -> FlowExplorer<KitchenRoute> {
        FlowExplorer(depth: depth) {
            let dial = Provider { (_: KitchenRoute) in
                Dial()
            } events: { events in
                events.on(.turn, .perform { input in input.destination.screenState.position += 1 })
                events.on(.calibrate, .perform { _ in })
            }
            var configuration = FlowConfiguration(layout: .stack(.kitchen), providers: Providers { _ in dial })
            configuration.logger = .disabled
            return configuration
        }
    }

    static func position(in flow: Flow<KitchenRoute>) -> Int? {
        flow.destinations.values.compactMap { ($0 as? Dial)?.screenState.position }.first
    }

    @Test func aStepThatChangesOnlyAScreenStateIsExploredFurther() async throws {
        let report = await explorer(depth: 3).explore { flow in
            Self.position(in: flow) == 2 ? "the dial reached 2" : nil
        }
        let violation = try #require(report.violation, "\(report)")
        let turns = violation.steps.filter { "\($0)".contains("turn") }
        #expect(violation.steps.count == 2 && turns.count == 2, "\(violation.steps)")
    }

    @Test func aStepThatChangesNothingIsNotANewState() async {
        // The start, then one, two and three turns: calibrating changes nothing and adds no state.
        let report = await explorer(depth: 3).explore { _ in nil }
        #expect(report.states == 4 && report.violation == nil, "\(report)")
    }
}
