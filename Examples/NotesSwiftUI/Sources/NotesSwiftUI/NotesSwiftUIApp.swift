import DestinationsSwiftUI
import NotesModel
import Observation
import SwiftUI

/// The Notes app in SwiftUI: one `FlowView` over the shared Notes Destinations, Providers and
/// datasource, unchanged.
@main
struct NotesSwiftUIApp: App {
    @State private var model = Result { try NotesModelStore() }

    var body: some Scene {
        WindowGroup {
            switch model {
            case .success(let model): NotesRootView(model: model)
            case .failure(let error): Text("The flow could not start: \(String(describing: error))").padding()
            }
        }
    }
}

/// The app's state: the datasource, the flow, and the A/B variant of the notes list.
@MainActor
@Observable
final class NotesModelStore {
    let datasource = NotesDatasource()
    let flow: Flow<AppRoute>
    /// Whether selecting a note shows a card in a sheet (variant B) instead of pushing its
    /// detail (variant A).
    private(set) var showsCards = false

    init() throws {
        flow = try Flow(NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: datasource))
        flow.onRefusal = { error, cause in print("Refused \(cause): \(error)") }
    }

    /// Switches the A/B variant: the notes list's provider changes, and the app starts over on
    /// the settings tab so that the list is built anew by the new provider.
    func setShowsCards(_ cards: Bool) {
        showsCards = cards
        flow.replaceProviders(
            cards
                ? NotesAppConfiguration.cardsVariant(datasource: datasource)
                : NotesAppConfiguration.providers(datasource: datasource)
        )
        try? flow.apply(.path([.replaceRoot(NotesAppConfiguration.layout), .selectTab(.settings)]))
    }
}

/// The flow rendered with SwiftUI: each screen's view from its route and Destination.
struct NotesRootView: View {
    let model: NotesModelStore

    var body: some View {
        FlowView(model.flow, options: Self.options) { screen in
            ScreenSwitch(screen: screen, model: model)
        }
    }

    /// Tab labels, and a log of the stages of multi-modal changes.
    static var options: FlowViewOptions<AppRoute> {
        var options = FlowViewOptions<AppRoute>(tabLabel: { tab in
            switch tab {
            case .notes: Label("Notes", systemImage: "note.text")
            case .settings: Label("Settings", systemImage: "gear")
            case .counter: Label("Counter", systemImage: "timer")
            default: Label(tab.rawValue, systemImage: "circle")
            }
        })
        options.onStage = { stage in print(stage.map { "Stage: \($0)" } ?? "Stages done") }
        return options
    }
}

/// Picks a screen's view from its route; an alert is drawn by the flow view from its content.
struct ScreenSwitch: View {
    let screen: ScreenContext<AppRoute>
    let model: NotesModelStore

    var body: some View {
        switch screen.route {
        case .notes:
            if let list = screen.destination(as: NotesList.self) { NotesListView(list: list) }
        case .note:
            if let detail = screen.destination(as: NoteDetail.self) { NoteDetailView(detail: detail) }
        case .noteCard:
            if let card = screen.destination(as: NoteCard.self) { NoteCardView(card: card) }
        case .editNote:
            if let editor = screen.destination(as: EditNote.self) { EditNoteView(editor: editor) }
        case .counter:
            if let counter = screen.destination(as: CounterScreen.self) { CounterView(counter: counter) }
        case .settings, .about, .licenses, .signIn:
            if let info = screen.destination(as: InfoScreen.self) { InfoView(info: info, route: screen.route, model: model) }
        case .deleteNote:
            EmptyView()
        }
    }
}
