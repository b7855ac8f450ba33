public import Destinations
public import DestinationsURLs

extension AppRoute {
    /// Each screen's URL form. Both directions are declared in one place; the router checks at
    /// start that they agree for every route.
    public static let patterns = RoutePatterns<AppRoute> {
        RoutePattern("notes", .notes, access: .external)
        RoutePattern("note/{id}", AppRoute.note(id:), access: .external) {
            if case .note(let id) = $0 { id } else { nil }
        }
        RoutePattern("card/{id}", AppRoute.noteCard(id:)) { if case .noteCard(let id) = $0 { id } else { nil } }
        RoutePattern("edit/{id}", AppRoute.editNote(id:), interruption: .defer) {
            if case .editNote(let id) = $0 { id } else { nil }
        }
        RoutePattern("delete/{id}", AppRoute.deleteNote(id:)) { if case .deleteNote(let id) = $0 { id } else { nil } }
        RoutePattern("settings", .settings, aliases: ["preferences"])
        RoutePattern("about", .about)
        RoutePattern("licenses", .licenses, access: .external, placement: .inTab(.settings))
        RoutePattern("sign-in", .signIn)
        RoutePattern("counter", .counter)
    }

    /// The web-style links the app answers, each with its place in the tree.
    public static let links = DeepLinks<AppRoute> {
        DeepLink("notes/{id}") { (id: Int) in .inTab(.notes, [.notes, .note(id: id)]) }
            .shares(AppRoute.note(id:)) { if case .note(let id) = $0 { id } else { nil } }
        DeepLink("notes/{id}/edit", sources: [.universalLink]) { (id: Int) in
            .inTab(.notes, [.notes, .note(id: id)], then: .sheet(.editNote(id: id), SheetOptions(detents: [.large])))
        }
        DeepLink("licenses") { .inTab(.settings, [.settings, .about, .licenses]) }
            .shares(AppRoute.licenses)
        DeepLink("n/{id}", caseInsensitive: true) { (id: Int) in .push(.note(id: id)) }
    }
}

extension NotesAppConfiguration {
    /// The app's scene kinds: the main window with its tab bar, and a window of notes.
    public static var scenes: [SceneKind<AppRoute>] {
        [SceneKind("main", layout: layout), SceneKind("window", layout: .stack(.notes))]
    }

    /// The router of the app's URLs: `notes://` for state URLs, and universal links on
    /// `https://notes.example.com/`.
    public static func makeRouter() throws(URLConfigurationError) -> URLRouter<AppRoute> {
        try URLRouter(
            prefixes: ["notes://", "https://notes.example.com/"],
            scenes: scenes,
            patterns: AppRoute.patterns,
            links: AppRoute.links
        )
    }
}
