import Destinations
import DestinationsURLs

/// The routes the harnesses parse: the Notes app's, a search route with named parameters and
/// the routes of the core's test fixture.
public enum FuzzRoute: NavigationRoute {
    case notes, settings, about, licenses, signIn, counter
    case note(id: Int)
    case editNote(id: Int)
    case deleteNote(id: Int)
    case search(query: String, page: Int, sort: Sort?)
    case home, list, menu, editor, confirm, choice, login
    case detail(Int)
    case content(Int)
    case account(user: String, server: String)
}

/// A sort order: a raw-value parameter.
public enum Sort: String, URLParameter, Sendable {
    case title, date
}

/// The scenes, patterns and links of the harnesses.
public enum FuzzRouter {
    public static let main: Layout<FuzzRoute> = .tabs([
        .tab("notes", .stack(.notes)), .tab("settings", .stack(.settings)), .tab("counter", .stack(.counter)),
    ])

    public static let fixture: Layout<FuzzRoute> = .tabs([
        .tab("inbox", .split(sidebar: .stack(.menu), content: .screen(.list), detail: .stack(.content(1), .detail(2)))),
        .tab("profile", .stack(.settings, .about)),
        .tab("", .screen(.home)),
    ])

    public static let router: URLRouter<FuzzRoute> = {
        do {
            return try URLRouter(
                prefixes: ["notes://", "https://notes.example.com/", "https://*.social.example/"],
                scenes: [
                    SceneKind("main", layout: main),
                    SceneKind("desk", layout: .split(sidebar: .stack(.notes), detail: nil)),
                    SceneKind("window", layout: .stack(.notes)), SceneKind("fixture", layout: fixture),
                ],
                patterns: RoutePatterns {
                    RoutePattern("notes", .notes, access: .external)
                    RoutePattern("note/{id}", FuzzRoute.note(id:), access: .external) {
                        if case .note(let id) = $0 { id } else { nil }
                    }
                    RoutePattern("edit/{id}", FuzzRoute.editNote(id:)) {
                        if case .editNote(let id) = $0 { id } else { nil }
                    }
                    RoutePattern("delete/{id}", FuzzRoute.deleteNote(id:)) {
                        if case .deleteNote(let id) = $0 { id } else { nil }
                    }
                    RoutePattern("search/{query}(page={page=1},sort={sort?})", FuzzRoute.search(query:page:sort:)) {
                        if case .search(let query, let page, let sort) = $0 { (query, page, sort) } else { nil }
                    }
                    RoutePattern("settings", .settings, aliases: ["preferences"])
                    RoutePattern("about", .about)
                    RoutePattern("licenses", .licenses, access: .external)
                    RoutePattern("sign-in", .signIn)
                    RoutePattern("counter", .counter)
                    RoutePattern("home", .home)
                    RoutePattern("list", .list)
                    RoutePattern("menu", .menu)
                    RoutePattern("editor", .editor)
                    RoutePattern("confirm", .confirm)
                    RoutePattern("choice", .choice)
                    RoutePattern("login", .login)
                    RoutePattern("detail/{n}", FuzzRoute.detail) { if case .detail(let n) = $0 { n } else { nil } }
                    RoutePattern("content/{n}", FuzzRoute.content) { if case .content(let n) = $0 { n } else { nil } }
                    // Parameters inside a segment, in state URLs too.
                    RoutePattern("account/@{user}@{server}", FuzzRoute.account) {
                        if case .account(let user, let server) = $0 { (user, server) } else { nil }
                    }
                },
                links: DeepLinks(fallback: LinkFallback { $0.count.isMultiple(of: 2) ? .push(.about) : nil }) {
                    // Links from the web: a host parameter, parameters inside a segment, a link that declines.
                    DeepLink("//{server}/@{user}/{id}") { (server: String, user: String, id: Int) in
                        .push(.search(query: server + user, page: id, sort: nil))
                    }
                    DeepLink("//{server}/@{user}@{home}") { (server: String, user: String, home: String) in
                        .push(.search(query: user + "@" + home, page: 1, sort: nil))
                    }
                    DeepLink(
                        "//{server}/@{user}",
                        deciding: { (server: String, user: String) in
                            user.count > 3 ? .push(.search(query: user, page: 1, sort: nil)) : nil
                        })
                    DeepLink("//*.social.example/v{n}.json") { (n: Int) in .push(.detail(n)) }
                    DeepLink("notes/{id}") { (id: Int) in .inTab("notes", [.notes, .note(id: id)]) }
                    DeepLink("notes/new/edit") { .push(.editNote(id: 0)) }
                    DeepLink("notes/{slug}/share") { (slug: String) in .push(.search(query: slug, page: 1, sort: nil)) }
                    DeepLink("search?q={query}&page={page=1}&sort={sort?}") { (query: String, page: Int, sort: Sort?) in
                        .inTab("notes", [.notes, .search(query: query, page: page, sort: sort)])
                    }
                    DeepLink("p/{i}") { (i: Int) in .push(.detail(i)) }
                    DeepLink("p/{d}") { (d: Double) in .push(.search(query: d.urlComponent, page: 1, sort: nil)) }
                    DeepLink("p/{b}") { (b: Bool) in .push(.search(query: b.urlComponent, page: 1, sort: nil)) }
                    DeepLink("p/{s}") { (s: Sort) in .push(.search(query: "", page: 1, sort: s)) }
                    DeepLink("p/{text}") { (text: String) in .push(.search(query: text, page: 1, sort: nil)) }
                    DeepLink("files/{path...}") { (path: [String]) in
                        .push(.search(query: path.joined(separator: "|"), page: 1, sort: nil))
                    }
                    DeepLink("tags?tag={tags*}", strictQuery: true) { (tags: [String]) in
                        .push(.search(query: tags.joined(), page: 1, sort: nil))
                    }
                    DeepLink("n/{id}", caseInsensitive: true) { (id: Int) in .push(.note(id: id)) }
                    DeepLink("prefs/{tab}") { (tab: String) in .state(tab) }
                }
            )
        } catch {
            fatalError("the fuzz router's configuration is invalid: \(error)")
        }
    }()

    /// Checks that a parsed state prints, and that its URL parses to an equivalent state that
    /// prints the same text; traps otherwise, so that libFuzzer records the input.
    public static func checkCanonical(_ state: NavigationState<FuzzRoute>, scene: String) {
        guard let url = try? router.stateURL(for: state, scene: scene) else {
            fatalError("a parsed state does not print:\n\(state)")
        }
        var ids = SequentialElementIDs()
        // `do`/`catch` rather than `try?` on `parse`: see StateURLFuzzer/main.swift.
        let parsed: ParsedURL<FuzzRoute>
        do {
            parsed = try router.parse(url, ids: &ids, limits: .trusted)
        } catch {
            fatalError("a printed state URL does not parse: \(url): \(error)")
        }
        guard case .state(_, let again) = parsed else { fatalError("a printed state URL is a link: \(url)") }
        guard again.isEquivalent(to: state) else { fatalError("\(url) parses to another state") }
        guard (try? router.stateURL(for: again, scene: scene)) == url else { fatalError("\(url) is not canonical") }
    }

    /// The input as text.
    public static func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }
}
