import Destinations
public import DestinationsURLs

/// What the app asks its own server about a link from another one: the status a URL points to.
public protocol SocialAPI: Sendable {
    /// The id, on the signed-in account's server, of the status at `url`; `nil` when the server
    /// does not know it as a status.
    func statusID(at url: String) async throws -> String?
}

/// The links the social client opens: its own scheme's state URLs, and web links to statuses,
/// accounts and tags on any server, with the in-app browser for every other URL.
public enum SocialLinks {
    /// The web links the app answers; `known` is the set of servers whose older status paths
    /// (`/users/{user}/statuses/{id}`) it opens, changed as the user adds servers.
    public static func links(known: KnownHosts) -> DeepLinks<SocialRoute> {
        DeepLinks(fallback: LinkFallback { url in .fullScreenCover(.browser(url: url)) }) {
            // A status on any server: the app's own server says which status it is first.
            DeepLink(
                "//{server}/@{user}/{id}",
                withEnvironment: { (environment, server: String, user: String, id: String) in
                    lookUp("https://\(server)/@\(user)/\(id)", in: environment)
                })
            DeepLink(
                "//{server}/users/{user}/statuses/{id}", hosts: known,
                withEnvironment: {
                    (environment, server: String, user: String, id: String) in
                    lookUp("https://\(server)/users/\(user)/statuses/\(id)", in: environment)
                })
            // An account with its home server, on any server.
            DeepLink("//{server}/@{user}@{home}") { (_: String, user: String, home: String) in
                .push(.account(.handle(user: user, host: home)))
            }
            // An account of the link's own server; `/@about` is the server's page, not an account.
            DeepLink(
                "//{server}/@{user}",
                deciding: { (server: String, user: String) in
                    user == "about" ? nil : .push(.account(.handle(user: user, host: server)))
                })
            DeepLink("//{server}/tags/{name}") { (_: String, name: String) in .push(.tag(name: name)) }
        }
    }

    /// Asks the app's server what `url` is; a URL it does not know opens in the browser.
    static func lookUp(_ url: String, in environment: FlowEnvironment) -> LinkTarget<SocialRoute> {
        guard let api = environment[SocialAPIBox.self]?.api else { return .fullScreenCover(.browser(url: url)) }
        return .resolving("status lookup") {
            try await api.statusID(at: url).map { .push(.status(id: $0)) }
        }
    }

    /// The app's URL router: `social://` state URLs and links, and web links from any host.
    public static func router(known: KnownHosts) throws -> URLRouter<SocialRoute> {
        try URLRouter<SocialRoute>(
            prefixes: ["social://", "https://*/"],
            scenes: [SceneKind("main", layout: SocialConfiguration.signedInLayout())],
            patterns: SocialPatterns.all,
            links: links(known: known)
        )
    }
}

/// The app's server API, as the flow's environment holds it.
public struct SocialAPIBox: Sendable {
    /// The API.
    public let api: any SocialAPI
    /// Wraps an API.
    public init(_ api: any SocialAPI) { self.api = api }
}
