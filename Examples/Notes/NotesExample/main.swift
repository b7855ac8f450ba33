import Destinations
import NotesApp

@MainActor
func walkthrough() throws {
    let store = NoteStore()
    let flow = try Flow(NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(store: store))
    func show(_ title: String) {
        print("== \(title)")
        print(flow.state.rendered())
        print()
    }
    show("Start: a tab bar with notes and settings")

    let list = flow.focusedDestination as! NotesList
    try list.send(.select, content: list.notes[0])
    show("Select a note: its detail is pushed, the note passed along")

    let detail = flow.focusedDestination as! NoteDetail
    try detail.send(.edit)
    show("Edit: a sheet")

    let editor = flow.focusedDestination as! EditNote
    try editor.send(.cancel)
    show("Cancel: the sheet is dismissed")

    try detail.send(.back)
    show("Back")

    try flow.apply(NotesAppConfiguration.licensesLink)
    show("Deep link: settings tab, about, licenses — one transaction")

    try flow.apply(.selectTab(.notes))
    show("Back to the notes tab: its stack is as it was")

    let variant = NotesAppConfiguration.providers(store: store).overriding(
        "notes",
        with: NotesAppConfiguration.notesProvider(store: store, select: NotesAppConfiguration.cardSheet)
    )
    flow.replaceProviders(variant)
    try flow.apply(.replaceRoot(NotesAppConfiguration.layout))
    let listB = flow.focusedDestination as! NotesList
    try listB.send(.select, content: listB.notes[1])
    show("Variant B: the same event now shows a card in a sheet")

    do {
        try flow.apply(.path([.push(.about), .selectTab("archive")]))
    } catch {
        print("== A deep link to a missing tab is refused as a whole: \(error)")
        print(flow.state.rendered())
    }
}

try MainActor.assumeIsolated {
    try walkthrough()
}
