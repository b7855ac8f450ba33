// swift-format-ignore-file
// (The sample below is the README's, verbatim, formatted as the README shows it.)
import Foundation
import Destinations
import Testing

// The README's opening sample, verbatim between the markers, so that it always compiles and
// does what the README says.

// README-SAMPLE-BEGIN
enum Route: NavigationRoute { case notes, note(id: Int) }

@MainActor final class NotesScreen: Destination {
    enum Event: Hashable { case select(Carrying<Int>) }
    let context = DestinationContext<Route, Event>()
}
extension ContentEvent<NotesScreen.Event, Int> { static var select: Self { Self(NotesScreen.Event.select) } }  // carries a note id

@MainActor final class NoteScreen: Destination {
    enum Event: Hashable { case close }
    let context = DestinationContext<Route, Event>()
}

@MainActor func readmeSample() throws -> Flow<Route> {
    let providers = Providers<Route> { route in
        switch route {
        case .notes: Provider { _ in NotesScreen() } events: { $0.on(.select, .present { id in .push(.note(id: id)) }) }
        case .note: Provider { _ in NoteScreen() } events: { $0.on(.close, .present(.back)) }
        }
    }
    let flow = try Flow(.stack(.notes), providers: providers)
    try flow.focusedDestination(as: NotesScreen.self)?.send(.select, content: 7)  // a view's tap
    print(flow.state)  // stack #1 / notes #2 / note(id: 7) #3 ◀
    return flow
}
// README-SAMPLE-END

@MainActor
@Suite struct ReadmeSampleTests {
    @Test func theReadmeSamplePushesTheSelectedNote() throws {
        let flow = try readmeSample()
        #expect(flow.state.rendered() == """
            stack #1
              notes #2
              note(id: 7) #3 ◀
            """)
    }

    @Test func theReadmeShowsTheSampleVerbatim() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let readme = try String(
            contentsOf: here.deletingLastPathComponent().appendingPathComponent("../../README.md").standardized,
            encoding: .utf8
        )
        let begin = try #require(source.range(of: "// README-SAMPLE-BEGIN\n"))
        let end = try #require(source.range(of: "// README-SAMPLE-END"))
        let sample = String(source[begin.upperBound..<end.lowerBound])
        #expect(readme.contains(sample))
    }
}
