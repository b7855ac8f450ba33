import Destinations
import Foundation
import Testing

// The README's first sample, as written (in a namespace of its own).
enum Readme {
    enum Route: NavigationRoute { case notes, note(id: Int) }

    @MainActor final class NotesScreen: Destination {
        enum Event: Hashable { case select }
        let context = DestinationContext<Route, Event>()
    }

    @MainActor final class NoteScreen: Destination {
        enum Event: Hashable { case close }
        let context = DestinationContext<Route, Event>()
    }

    @MainActor static func readmeSample() throws -> Flow<Route> {
        let providers = Providers<Route> { route in
            switch route {
            case .notes: Provider { _ in NotesScreen() } events: { $0.on(.select, .present { id in .push(.note(id: id)) }) }
            case .note: Provider { _ in NoteScreen() } events: { $0.on(.close, .present(.back)) }
            }
        }
        let flow = try Flow(.stack(.notes), providers: providers)
        try flow.focusedDestination(as: NotesScreen.self)?.send(.select, content: 7)  // a view's tap
        return flow
    }

    // Alerts.md, as written.
    final class DeleteNoteAlert: AlertDestination {
        enum Event: Hashable, Sendable, CaseIterable { case confirm }
        let context = DestinationContext<Route, Event>()
        var alert: AlertContent<Event> {
            AlertContent("Delete this note?", buttons: [
                AlertButton("Delete", role: .destructive, sends: .confirm),
                AlertButton("Cancel", role: .cancel),
            ])
        }
    }
}
extension ContentEvent<Readme.NotesScreen.Event, Int> { static var select: Self { Self(.select) } }

@Suite @MainActor struct DocSnippetTests {
    @Test func theReadmeSamplePrintsWhatItsCommentSays() throws {
        let flow = try Readme.readmeSample()
        #expect(flow.state.description == "stack #1\n  notes #2\n  note(id: 7) #3 ◀")
    }
}
