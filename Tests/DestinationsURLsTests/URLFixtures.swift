import Destinations
import DestinationsURLs
import Foundation
import Testing

// The routes of URLS.md §4.4: the Notes app's, a search route, and the routes of the
// `CodableTests` fixture, each with the keyword the worked examples use.

enum SortOrder: String, URLParameter, CaseIterable {
    case title, date
}

enum GoldenRoute: NavigationRoute, Codable {
    case notes, settings, about, licenses, signIn, counter
    case note(id: Int)
    case noteCard(id: Int)
    case editNote(id: Int)
    case deleteNote(id: Int)
    case search(query: String, page: Int, sort: SortOrder?)
    case home, list, menu, editor, confirm, choice, login
    case detail(Int)
    case content(Int)
}

extension SortOrder: Codable {}

extension TabID {
    static let notesTab: TabID = "notes"
    static let settingsTab: TabID = "settings"
    static let counterTab: TabID = "counter"
}

enum GoldenURLs {
    /// The query of the search a link pushes, read from `router`; `nil` for anything else.
    static func searchQuery(of url: String, in router: URLRouter<GoldenRoute>) throws -> String? {
        var ids = SequentialElementIDs()
        guard case .link(let match) = try router.parse(url, ids: &ids),
            case .presentation(.push(.search(let query, _, _))) = match.resolved
        else { return nil }
        return query
    }

    static let patterns = RoutePatterns<GoldenRoute> {
        RoutePattern("notes", .notes, access: .external)
        RoutePattern("note/{id}", GoldenRoute.note(id:), access: .external) {
            if case .note(let id) = $0 { id } else { nil }
        }
        RoutePattern("card/{id}", GoldenRoute.noteCard(id:)) { if case .noteCard(let id) = $0 { id } else { nil } }
        RoutePattern("edit/{id}", GoldenRoute.editNote(id:), interruption: .defer) {
            if case .editNote(let id) = $0 { id } else { nil }
        }
        RoutePattern("delete/{id}", GoldenRoute.deleteNote(id:)) {
            if case .deleteNote(let id) = $0 { id } else { nil }
        }
        RoutePattern("search/{query}(page={page=1},sort={sort?})", GoldenRoute.search(query:page:sort:)) {
            if case .search(let query, let page, let sort) = $0 { (query, page, sort) } else { nil }
        }
        RoutePattern("settings", .settings, aliases: ["preferences"])
        RoutePattern("about", .about)
        RoutePattern("licenses", .licenses, access: .external, placement: .inTab(.settingsTab))
        RoutePattern("sign-in", .signIn)
        RoutePattern("counter", .counter)
        RoutePattern("home", .home)
        RoutePattern("list", .list)
        RoutePattern("menu", .menu)
        RoutePattern("editor", .editor)
        RoutePattern("confirm", .confirm)
        RoutePattern("choice", .choice)
        RoutePattern("login", .login)
        RoutePattern("detail/{n}", GoldenRoute.detail) { if case .detail(let n) = $0 { n } else { nil } }
        RoutePattern("content/{n}", GoldenRoute.content) { if case .content(let n) = $0 { n } else { nil } }
    }

    static let main: Layout<GoldenRoute> = .tabs([
        .tab(.notesTab, .stack(.notes)),
        .tab(.settingsTab, .stack(.settings)),
        .tab(.counterTab, .stack(.counter)),
    ])
    static let desk: Layout<GoldenRoute> = .split(sidebar: .stack(.notes), detail: nil)
    static let window: Layout<GoldenRoute> = .stack(.notes)
    static let fixture: Layout<GoldenRoute> = .tabs([
        .tab("inbox", .split(sidebar: .stack(.menu), content: .screen(.list), detail: .stack(.content(1), .detail(2)))),
        .tab("profile", .stack(.settings, .about)),
    ])

    static let scenes = [
        SceneKind("main", layout: main),
        SceneKind("desk", layout: desk),
        SceneKind("window", layout: window),
        SceneKind("fixture", layout: fixture),
    ]

    static func router(links: DeepLinks<GoldenRoute> = DeepLinks([])) throws -> URLRouter<GoldenRoute> {
        try URLRouter(
            prefixes: ["notes://", "https://notes.example.com/"],
            scenes: scenes,
            patterns: patterns,
            links: links
        )
    }
}

/// Parses `url` as a state URL, with ids from 1.
func parseState<Route>(_ router: URLRouter<Route>, _ url: String) throws -> NavigationState<Route> {
    var ids = SequentialElementIDs()
    guard case .state(_, let state) = try router.parse(url, ids: &ids, limits: .trusted) else {
        throw URLTestFailure.notAState(url)
    }
    return state
}

/// The error `body` throws, as a `DeepLinkError`.
func deepLinkError(_ body: () throws(DeepLinkError) -> Void) -> DeepLinkError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

enum URLTestFailure: Error {
    case notAState(String)
    case notALink(String)
}

extension NavigationState {
    /// The state after `presentation`, from the first screen with `route`.
    func applying(_ presentation: Presentation<Route>, fromRoute route: Route) throws -> NavigationState {
        let anchor = try #require(screens.first { $0.route == route })
        return try applying(presentation, from: anchor.id)
    }
}
