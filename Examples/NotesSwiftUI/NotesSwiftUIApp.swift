import DestinationsSwiftUI
import NotesApp
import SwiftUI

/// Notes in SwiftUI: the Destinations, Providers and datasource of the headless walkthrough
/// (`swift run NotesExample`), drawn by `FlowView`.
@main
struct NotesSwiftUIApp: App {
    @State private var model = Result { () throws(NavigationError) in try NotesAppModel() }

    var body: some Scene {
        WindowGroup {
            switch model {
            case .success(let model):
                FlowView(model.flow, options: FlowViewOptions(tabLabel: Self.tabLabel)) { screen in
                    NotesScreen(screen: screen, model: model)
                }
            case .failure(let error):
                ContentUnavailableView(
                    "Notes could not start", systemImage: "exclamationmark.triangle", description: Text("\(error)"))
            }
        }
    }

    private static func tabLabel(_ tab: TabID) -> TabLabel {
        switch tab {
        case .notes: TabLabel("Notes", systemImage: "note.text")
        case .settings: TabLabel("Settings", systemImage: "gearshape")
        case .counter: TabLabel("Counter", systemImage: "timer")
        default: TabLabel(tab.rawValue.capitalized)
        }
    }
}

/// The app's flow and datasource, and the A/B switch between a pushed detail and a card.
@MainActor @Observable
final class NotesAppModel {
    let datasource = NotesDatasource()
    let flow: Flow<AppRoute>
    /// Whether selecting a note shows a card in a sheet (variant B) instead of the pushed
    /// detail (variant A).
    private(set) var showsCards = false

    init() throws(NavigationError) {
        flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: datasource))
    }

    /// Applies an app-level deep link, such as the licenses link of the walkthrough.
    func open(_ link: Presentation<AppRoute>) {
        _ = try? flow.apply(link)
    }

    /// Switches the variant: the list's provider is swapped, and the screens already shown —
    /// the list in the other tab — take its responses at once.
    func showCards(_ cards: Bool) {
        showsCards = cards
        flow.replaceProviders(
            cards
                ? NotesAppConfiguration.cardsVariant(datasource: datasource)
                : NotesAppConfiguration.providers(datasource: datasource)
        )
        flow.rebindScreens()
    }
}

/// The view of one screen, by route; each view gets its Destination from the screen context.
struct NotesScreen: View {
    let screen: ScreenContext<AppRoute>
    let model: NotesAppModel

    var body: some View {
        switch screen.route {
        case .notes:
            if let list = screen.destination(as: NotesList.self) { NotesListView(list: list) }
        case .note:
            if let detail = screen.destination(as: NoteDetail.self) { NoteDetailView(detail: detail) }
        case .noteCard:
            if let card = screen.destination(as: NoteCard.self) { NoteCardView(card: card, model: model) }
        case .editNote:
            if let editor = screen.destination(as: EditNote.self) { EditNoteView(editor: editor) }
        case .counter:
            if let counter = screen.destination(as: CounterScreen.self) { CounterView(counter: counter) }
        case .settings, .about, .licenses, .signIn:
            if let info = screen.destination(as: InfoScreen.self) { InfoView(info: info, screen: screen, model: model) }
        case .deleteNote:
            // An alert: FlowView draws it from its content.
            EmptyView()
        }
    }
}
