import Destinations
import DestinationsInspector
import Foundation
import NotesApp

// The Notes story, told headlessly: every step prints the navigation tree, and the data that
// arrived from the datasource. Run it with `swift run NotesExample`; add `--graph` to print the
// app's flow graph as Mermaid instead, or `--inspect` to show it in the Flow Inspector (see
// Inspect.swift).

@MainActor
func walkthrough(
    datasource: NotesDatasource = NotesDatasource(),
    pause: Duration? = nil,
    started: (Flow<AppRoute>) async throws -> Void = { _ in }
) async throws -> Flow<AppRoute> {
    let flow = try Flow(
        NotesAppConfiguration.layout,
        providers: NotesAppConfiguration.providers(datasource: datasource, ticker: Ticker(limit: 3))
    )
    try await started(flow)
    func show(_ title: String, data: (@MainActor () async -> String?)? = nil) async throws {
        try await flow.settle()
        print("== \(title)")
        print(flow.state.rendered())
        if let data, let text = await data() { print("   data: \(text)") }
        print()
        if let pause { try await Task.sleep(for: pause) }
    }
    func focused<D: Destination>(_ type: D.Type) throws -> D {
        guard let destination = flow.focusedDestination(as: type) else { throw WalkthroughError.notShowing("\(type)") }
        return destination
    }

    try await flow.settle()
    let list = try focused(NotesList.self)
    try await show("Start: three tabs; the list retrieved its first page") { list.notes.map(\.title).joined(separator: ", ") }

    try list.send(.paginate)
    try await show("Paginate: the next page arrives") { list.notes.map(\.title).joined(separator: ", ") }

    try list.send(.select, content: list.notes[0])
    let detail = try focused(NoteDetail.self)
    try await show("Select a note: its detail is pushed and loads the note") { detail.note.map { "\($0.title): \($0.body)" } }

    try detail.send(.edit)
    let editor = try focused(EditNote.self)
    try await show("Edit: a sheet, with a draft loaded") { editor.draft?.title }

    editor.draft?.title = "Shopping"
    try editor.send(.save)
    try await show("Save: the datasource saved it and the sheet dismissed itself") { await datasource.note(id: 1)?.title }

    try detail.send(.load)
    try await show("The detail reloads through the same datasource") { detail.note?.title }

    try detail.send(.back)
    try list.send(.retrieve)
    try await show("Back; the list refreshes") { list.notes.map(\.title).joined(separator: ", ") }

    try flow.apply(NotesAppConfiguration.licensesLink)
    try await show("Deep link: settings tab, about, licenses — one transaction")

    try flow.apply(.selectTab(.counter))
    let counter = try focused(CounterScreen.self)
    var ticks: [Int] = []
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        counter.onTick = { tick in
            ticks.append(tick)
            if tick == 3 { done.resume() }
        }
        do { try counter.send(.start) } catch { done.resume() }
    }
    try await show("Counter tab: a stream ticks") { ticks.map(String.init).joined(separator: ", ") }

    try flow.apply(.selectTab(.notes))
    try await show("Back to the notes tab: its stack is as it was")

    let variant = NotesAppConfiguration.providers(datasource: datasource).overriding(
        "notes",
        with: NotesAppConfiguration.notesProvider(datasource: datasource, select: NotesAppConfiguration.cardSheet)
    )
    flow.replaceProviders(variant)
    try flow.apply(.replaceRoot(NotesAppConfiguration.layout))
    try await flow.settle()
    let listB = try focused(NotesList.self)
    try listB.send(.select, content: listB.notes[1])
    try await show("Variant B: the same event now shows a card in a sheet")

    do {
        try flow.apply(.path([.dismissAll, .push(.about), .selectTab("archive")]))
    } catch {
        print("== A deep link to a missing tab is refused as a whole")
        print("   error: \(error)")
        print(flow.state.rendered())
    }
    return flow
}

enum WalkthroughError: Error {
    case notShowing(String)
}

if CommandLine.arguments.contains("--graph") {
    let graph = FlowGraph(
        NotesAppConfiguration.layout,
        providers: NotesAppConfiguration.providers(datasource: NotesDatasource())
    )
    print(graph.mermaid())
} else if let index = CommandLine.arguments.firstIndex(of: "--inspect") {
    try await inspect(arguments: Array(CommandLine.arguments[(index + 1)...]))
} else {
    _ = try await walkthrough()
}
