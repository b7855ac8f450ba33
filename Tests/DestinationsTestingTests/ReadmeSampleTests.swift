// swift-format-ignore-file
// (The sample below is the README's, verbatim, formatted as the README shows it.)
import DestinationsTesting
import Foundation
import NotesApp
import Testing

// The README's harness sample, verbatim between the markers.

// README-SAMPLE-BEGIN
@Test @MainActor func selectingANoteShowsIt() async throws {
    let harness = try FlowHarness(NotesAppConfiguration.layout,
                                  providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
    try await harness.send(.select, content: NotesDatasource.samples[0], to: NotesList.self) {
        """
        tabs (selected: notes)
          [notes] stack
            notes
            note(id: 1) ◀
          [settings] stack
            settings
          [counter] stack
            counter
        state of notes
          titles: ["Groceries", "Ideas", "Travel"]
          page: 0
          hasMore: true
          error: nil
        state of note(id: 1)
          note: Note(id: 1, title: "Groceries", body: "Milk, eggs")
          isDeleted: false
          error: nil
        """
    }
}
// README-SAMPLE-END

@Test func theReadmeShowsTheHarnessSampleVerbatim() throws {
    let here = URL(fileURLWithPath: #filePath)
    let source = try String(contentsOf: here, encoding: .utf8)
    let readme = try String(
        contentsOf: here.deletingLastPathComponent().appendingPathComponent("../../README.md").standardized,
        encoding: .utf8
    )
    let begin = try #require(source.range(of: "// README-SAMPLE-BEGIN\n"))
    let end = try #require(source.range(of: "// README-SAMPLE-END"))
    #expect(readme.contains(String(source[begin.upperBound..<end.lowerBound])))
}
