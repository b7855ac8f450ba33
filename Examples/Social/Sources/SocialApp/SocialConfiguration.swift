public import Destinations

/// The one configuration of the social client's navigation: the app, its tests, the explorer
/// and random walks all build their flow from it.
public enum SocialConfiguration {
    /// The guard's name, in errors and outcomes.
    public static let signedIn = "signedIn"

    /// A signed-out app: the default server's local timeline, explore and settings.
    /// The "post" action item presents the composer, which needs an account: a signed-out tap
    /// signs in first.
    public static let signedOutLayout: Layout<SocialRoute> = .tabs(
        SocialTabs.signedOut.map(SocialTabs.layout(of:)) + [SocialTabs.post])

    /// A signed-in app: every tab the user can pick, in the account's order, those it did not
    /// pick hidden, and the "post" action item.
    public static func signedInLayout(
        _ arrangement: TabArrangement = SocialTabs.standardArrangement
    ) -> Layout<SocialRoute> {
        let order =
            arrangement.order.filter(SocialTabs.all.contains)
            + SocialTabs.all.filter {
                !arrangement.order.contains($0)
            }
        return .tabs(
            order.map { tab in
                var item = SocialTabs.layout(of: tab)
                item.isHidden = arrangement.hidden.contains(tab)
                return item
            } + [SocialTabs.post])
    }

    /// Whether a route shows something of the signed-in account.
    public static func requiresAccount(_ route: SocialRoute) -> Bool {
        switch route {
        case .homeTimeline, .notifications, .mentions, .conversations, .conversation, .myProfile, .bookmarks,
            .favorites, .lists, .list, .followedTags, .composer, .editStatus, .report, .accountSwitcher,
            .editProfile, .listEditor, .newList, .confirmDelete, .confirmBlock, .confirmSignOut, .accountsSettings,
            .pushSettings, .filters:
            true
        default:
            false
        }
    }

    /// Sends a signed-out user to sign in first, in a sheet that starts by choosing a server; the
    /// change waits and resumes once signed in.
    @MainActor public static let signedInGuard = NavigationGuard<SocialRoute>(signedIn, redirects: [.welcome]) {
        change in
        guard change.environment[SocialSession.self]?.isSignedIn != true, change.added.contains(where: requiresAccount)
        else { return .allow }
        return .redirect(.sheetStack(.welcome))
    }

    /// The whole configuration, guards included, with the session given once: providers,
    /// Destinations, the guard and links read it from the flow's environment.
    /// - Parameter pad: Whether the app shows the notifications column beside the tabs (a pad).
    /// - Parameter api: What links from other servers ask the account's server.
    @MainActor public static func configuration(
        session: SocialSession, pad: Bool = false, api: (any SocialAPI)? = nil
    ) -> FlowConfiguration<SocialRoute> {
        let tabs = session.isSignedIn ? signedInLayout(session.arrangement) : signedOutLayout
        var configuration = FlowConfiguration(
            layout: pad && session.isSignedIn ? .sideColumn(.stack(.notifications), beside: tabs) : tabs,
            providers: SocialProviders.live,
            guards: [signedInGuard]
        )
        configuration.environment.insert(session)
        if let api { configuration.environment.insert(SocialAPIBox(api)) }
        return configuration
    }

    /// The pad's layout: the notifications column beside the tabs. Pushes and links land in the
    /// tabs; in compact width the column folds away, keeping its screens.
    public static func padLayout(_ arrangement: TabArrangement = SocialTabs.standardArrangement) -> Layout<SocialRoute>
    {
        .sideColumn(.stack(.notifications), beside: signedInLayout(arrangement))
    }
}
