import Destinations
import DestinationsInspector
import DestinationsURLs
import Foundation
import NotesApp

// The Notes story, told headlessly: every step prints the navigation tree, its canonical URL,
// and the data that arrived from the datasource. Run it with `swift run NotesExample`; add
// `--graph` to print the app's flow graph as Mermaid instead, `--open <url>` to print the tree a
// URL leads to, or `--inspect` to show it in the Flow Inspector (see Inspect.swift).

@MainActor
func walkthrough(
    datasource: NotesDatasource = NotesDatasource(),
    pause: Duration? = nil,
    started: (Flow<AppRoute>) async throws -> Void = { _ in }
) async throws -> Flow<AppRoute> {
    let flow = try Flow(
        FlowConfiguration(
            layout: NotesAppConfiguration.layout,
            providers: NotesAppConfiguration.providers(datasource: datasource, ticker: Ticker(limit: 3))))
    let urls = try FlowURLs(flow, router: try NotesAppConfiguration.makeRouter(), scene: "main")
    try await started(flow)
    func show(_ title: String, data: (@MainActor () async -> String?)? = nil) async throws {
        try await flow.settle()
        print("== \(title)")
        print(flow.state.rendered())
        print("   url: \(try urls.stateURL)")
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
    try await show("Start: three tabs; the list retrieved its first page") {
        list.notes.map(\.title).joined(separator: ", ")
    }

    try list.send(.paginate)
    try await show("Paginate: the next page arrives") { list.notes.map(\.title).joined(separator: ", ") }

    try list.send(.select, content: list.notes[0])
    let detail = try focused(NoteDetail.self)
    try await show("Select a note: its detail is pushed and loads the note") {
        detail.note.map { "\($0.title): \($0.body)" }
    }

    try detail.send(.edit)
    let editor = try focused(EditNote.self)
    try await show("Edit: a sheet, with a draft loaded") { editor.draft?.title }

    editor.draft?.title = "Shopping"
    try editor.send(.save)
    try await show("Save: the datasource saved it and the sheet dismissed itself") {
        await datasource.note(id: 1)?.title
    }

    try detail.send(.load)
    try await show("The detail reloads through the same datasource") { detail.note?.title }

    try detail.send(.back)
    try list.send(.retrieve)
    try await show("Back; the list refreshes") { list.notes.map(\.title).joined(separator: ", ") }

    try urls.open("https://notes.example.com/licenses", source: .external(.universalLink))
    try await show("Universal link https://notes.example.com/licenses: settings tab, about, licenses — one transaction")

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

    try urls.open("https://notes.example.com/notes/2/edit", source: .external(.universalLink))
    try await show("Universal link to edit note 2: the notes tab shows note 2 and the editor's sheet")

    let refused: [(String, ChangeSource)] = [
        ("notes://notes/2/edit", .external(.customScheme)),
        ("notes://main/notes/notes/note/(", .app),
        ("notes://main/notes/notes/note/x", .app),
        ("notes://main/settings", .external(.otherApp)),
        ("notes://about", .external(.otherApp)),
    ]
    for (url, source) in refused {
        do {
            try urls.open(url, source: source)
        } catch {
            print("== Refused: \(url) from \(source); nothing changed")
            print("   error: \(error)")
            print("   url: \(try urls.stateURL)")
            print()
        }
    }

    if case .deferred(let pending) = try urls.open("notes://licenses", source: .external(.customScheme)) {
        print("== notes://licenses waits: the editor's draft (\(pending.blockedBy)) is in its way; nothing changed")
        print("   url: \(try urls.stateURL)")
        print()
        try flow.apply(.dismiss)
        try urls.resume(pending)
        try await show("The editor closed; the waiting link resumes")
    }

    let own = try urls.stateURL
    let outcome = try urls.open(own, source: .app)
    print("== Opening the flow's own URL changes nothing: \(outcome)")
    print()

    try urls.navigate(relative: "/notes/notes/note/1")
    try urls.navigate(relative: "note/3")
    try await show("Relative paths: /notes/notes/note/1, then note/3 from it")
    try urls.navigate(relative: "../note/4")
    try await show("../note/4 replaces note 3")
    let note = flow.focusedScreen.id
    print("== Share link of \(note): \(urls.shareLink(for: note) ?? "none")")
    print()

    let session = NotesSession()
    flow.guards = [NotesAppConfiguration.signedInGuard(session)]
    session.isSignedIn = false
    // Signing out resets the app.
    try flow.apply(.path([.replaceRoot(NotesAppConfiguration.layout), .selectTab(.settings)]))
    let redirected = try urls.open("https://notes.example.com/notes/2", source: .external(.universalLink))
    try await show("Signed out, a link to note 2 (\(redirected)): sign in first; the link waits")
    session.isSignedIn = true
    try flow.resumePending()  // the sign-in screen closes as the waiting link lands
    try await show("Signed in: the waiting link is checked again and lands on note 2")
    flow.guards = []

    try flow.apply(.dismissAll)
    try flow.apply(.selectTab(.notes))
    try flow.apply(.popToRoot)
    flow.replaceProviders(NotesAppConfiguration.cardsVariant(datasource: datasource))
    flow.rebindScreens()  // the list on screen takes variant B's responses, and keeps its notes
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

/// Prints the tree `url` leads to from the app's first state, or why it is refused.
@MainActor
func open(_ url: String) throws {
    let flow = try Flow(
        FlowConfiguration(
            layout: NotesAppConfiguration.layout,
            providers: NotesAppConfiguration.providers(datasource: NotesDatasource())))
    let urls = try FlowURLs(flow, router: try NotesAppConfiguration.makeRouter(), scene: "main")
    do {
        let plan = try urls.plan(url, source: .app)
        print(plan.proposed.rendered())
        print("url: \(try urls.router.stateURL(for: plan.proposed, scene: "main"))")
        print("added: \(plan.changes.added.compactMap(\.route).map { "\($0)" }.joined(separator: ", "))")
    } catch {
        print("refused: \(error)")
    }
}

if let flag = CommandLine.arguments.firstIndex(of: "--open") {
    if flag + 1 < CommandLine.arguments.count {
        try open(CommandLine.arguments[flag + 1])
    } else {
        print("usage: NotesExample --open <url>")
    }
} else if CommandLine.arguments.contains("--graph") {
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
