import DestinationsURLs

@testable import Destinations

/// A social client's routes and links: statuses and accounts on any server, tags, an app scheme,
/// and an in-app browser for every other URL (issue 31).
enum SocialRoute: NavigationRoute, Codable {
    case timeline, settings
    case status(server: String, user: String, id: Int)
    case account(user: String, server: String)
    case tag(String)
    case browser(String)
}

extension TabID {
    static let homeTab: TabID = "home"
    static let settingsTabID: TabID = "settings"
}

enum Social {
    static let patterns = RoutePatterns<SocialRoute> {
        RoutePattern("timeline", .timeline)
        RoutePattern("settings", .settings)
        RoutePattern("status/{server}/{user}/{id}", SocialRoute.status) {
            if case .status(let server, let user, let id) = $0 { (server, user, id) } else { nil }
        }
        RoutePattern("account/{user}/{server}", SocialRoute.account) {
            if case .account(let user, let server) = $0 { (user, server) } else { nil }
        }
        RoutePattern("tag/{name}", SocialRoute.tag) { if case .tag(let name) = $0 { name } else { nil } }
        RoutePattern("browser/{url}", SocialRoute.browser) { if case .browser(let url) = $0 { url } else { nil } }
    }
    static let layout: Layout<SocialRoute> = .tabs([
        .tab(.homeTab, .stack(.timeline)), .tab(.settingsTabID, .stack(.settings)),
    ])
    static let browser = LinkFallback<SocialRoute> { url in
        url.hasPrefix("https://") ? .sheet(.browser(url)) : nil
    }

    /// The links: any server's statuses and accounts, the known servers' legacy paths, tags.
    static func links(known: KnownHosts, fallback: LinkFallback<SocialRoute>? = browser) -> DeepLinks<SocialRoute> {
        DeepLinks(fallback: fallback) {
            DeepLink("//{server}/@{user}/{id}") { (server: String, user: String, id: Int) in
                .push(.status(server: server, user: user, id: id))
            }
            .shares(SocialRoute.status) {
                if case .status(let server, let user, let id) = $0 { (server, user, id) } else { nil }
            }
            DeepLink("//{server}/@{user}@{home}") { (server: String, user: String, home: String) in
                .push(.account(user: user, server: home))
            }
            // A user without a server is the link's host's; a user named "about" is the server's page.
            DeepLink(
                "//{server}/@{user}",
                deciding: { (server: String, user: String) in
                    user == "about" ? nil : .push(.account(user: user, server: server))
                })
            DeepLink("//{server}/users/{user}/statuses/{id}", hosts: known) {
                (server: String, user: String, id: Int) in .push(.status(server: server, user: user, id: id))
            }
            DeepLink("tags/{name}") { (name: String) in .push(.tag(name)) }
            DeepLink("//*.example.com/v{version}.json") { (version: Int) in .push(.tag("v\(version)")) }
        }
    }

    static func router(known: KnownHosts = KnownHosts(), fallback: LinkFallback<SocialRoute>? = browser) throws
        -> URLRouter<SocialRoute>
    {
        try URLRouter(
            prefixes: ["social://", "https://*/"], scenes: [SceneKind("main", layout: layout)], patterns: patterns,
            links: links(known: known, fallback: fallback))
    }
}

extension Social {
    /// A flow of the social layout, paired with `router`.
    @MainActor static func flow(router: URLRouter<SocialRoute>) throws -> FlowURLs<SocialRoute> {
        try FlowURLs(
            Flow(FlowConfiguration(layout: layout, providers: plainProviders(SocialRoute.self))), router: router,
            scene: "main")
    }

    /// The target `url` opens.
    static func target(_ url: String, in router: URLRouter<SocialRoute>) throws -> LinkTarget<SocialRoute> {
        try match(url, in: router).target
    }

    static func match(_ url: String, in router: URLRouter<SocialRoute>) throws -> LinkMatch<SocialRoute> {
        var ids = SequentialElementIDs()
        guard case .link(let match) = try router.parse(url, ids: &ids) else { throw URLTestFailure.notALink(url) }
        return match
    }

    static func error(_ url: String, in router: URLRouter<SocialRoute>) -> DeepLinkError? {
        deepLinkError { () throws(DeepLinkError) in
            var ids = SequentialElementIDs()
            _ = try router.parse(url, ids: &ids)
        }
    }
}
