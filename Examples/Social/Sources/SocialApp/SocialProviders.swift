public import Destinations

/// Every route's provider.
public enum SocialProviders {
    /// The providers. Where a screen's events depend on the session, they read it from the
    /// flow's environment (``SocialConfiguration/configuration(session:)`` gives it once).
    @MainActor public static let live: Providers<SocialRoute> = make()

    @MainActor static func make() -> Providers<SocialRoute> {
        let timeline = Provider { (route: SocialRoute) in
            TimelineScreen(route: route)
        } events: { events in
            events.on(.openStatus, .handOff { status in .push(.status(id: status.id)) }.leading(to: .status(id: "")))
            events.on(
                .openAccount, .handOff { account in .push(.account(.id(account.id))) }.leading(to: .account(.id(""))))
            events.on(.openTag, .present { name in .push(.tag(name: name)) }.leading(to: .tag(name: "")))
            events.on(
                .reply,
                .present { status in .sheetStack(.composer(replyTo: status.id)) }.leading(to: .composer(replyTo: nil)))
        }
        let status = Provider { (route: SocialRoute, loaded: Status?) in
            StatusScreen(id: route.statusID, loaded: loaded)
        } events: { events in
            events.on(
                .openAccount, .handOff { account in .push(.account(.id(account.id))) }.leading(to: .account(.id(""))))
            events.on(
                .reply,
                .assist { input in .sheetStack(.composer(replyTo: input.destination.id)) }.leading(
                    to: .composer(replyTo: nil)))
            events.on(
                .favoritedBy,
                .assist { input in .push(.favoritedBy(statusID: input.destination.id)) }.leading(
                    to: .favoritedBy(statusID: "")))
            events.on(
                .boostedBy,
                .assist { input in .push(.boostedBy(statusID: input.destination.id)) }.leading(
                    to: .boostedBy(statusID: "")))
            events.on(
                .media,
                .perform { screen, index in
                    _ = try screen.context.present(.fullScreenCover(.media(statusID: screen.id, index: index)))
                }.leading(to: .media(statusID: "", index: 0)))
            events.on(
                .openLink, .present { url in .fullScreenCover(.browser(url: url)) }.leading(to: .browser(url: "")))
            events.on(
                .translate,
                .assist { input in .sheet(.translation(statusID: input.destination.id)) }.leading(
                    to: .translation(statusID: "")))
            events.on(
                .history,
                .assist { input in .push(.statusHistory(id: input.destination.id)) }.leading(to: .statusHistory(id: ""))
            )
            events.on(
                .edit,
                .assist { input in .sheetStack(.editStatus(id: input.destination.id)) }.leading(to: .editStatus(id: ""))
            )
            events.on(
                .delete,
                .assist { input in .confirmationDialog(.confirmDelete(statusID: input.destination.id)) }.leading(
                    to: .confirmDelete(statusID: "")))
            events.on(
                .deleteConfirmed,
                .perform { input in
                    input.destination.markDeleted()
                    _ = try input.destination.context.present(.back)
                })
        }
        // Reached with a loaded account (from a timeline) or with an id (from a notification).
        let account = Provider(accepting: Account.self, AccountReference.self) { input in
            AccountScreen(
                reference: input.handOff(AccountReference.self) ?? input.route.accountReference,
                loaded: input.handOff(Account.self))
        } events: { events in
            events.on(
                .followers,
                .assist { input in .push(.followers(accountID: input.destination.accountID)) }.leading(
                    to: .followers(accountID: "")))
            events.on(
                .following,
                .assist { input in .push(.following(accountID: input.destination.accountID)) }.leading(
                    to: .following(accountID: "")))
            events.on(.openStatus, .handOff { status in .push(.status(id: status.id)) }.leading(to: .status(id: "")))
            events.on(
                .report,
                .assist { input in .sheetStack(.report(accountID: input.destination.accountID)) }.leading(
                    to: .report(accountID: "")))
            events.on(
                .block,
                .assist { input in .alert(.confirmBlock(accountID: input.destination.accountID)) }.leading(
                    to: .confirmBlock(accountID: "")))
            events.on(.editProfile, .present(.sheetStack(.editProfile)))
        }
        let accountList = Provider { (_: SocialRoute) in
            AccountListScreen()
        } events: { events in
            events.on(
                .openAccount, .handOff { account in .push(.account(.id(account.id))) }.leading(to: .account(.id(""))))
        }
        let notifications = Provider { (_: SocialRoute) in
            NotificationsScreen()
        } events: { events in
            events.on(.openStatus, .present { id in .push(.status(id: id)) }.leading(to: .status(id: "")))
            events.on(
                .openAccount, .handOff { reference in .push(.account(reference)) }.leading(to: .account(.id(""))))
        }
        let collection = Provider { (route: SocialRoute) in
            CollectionScreen(route: route)
        } events: { events in
            events.on(
                .open,
                .assist { input in
                    collectionTarget(of: input.destination.route, item: input.content)
                }.leading(to: .tag(name: ""), .search(query: ""), .conversation(id: ""), .list(id: ""), .status(id: ""))
            )
            events.on(.create, .present(.sheetStack(.newList)))
            events.on(
                .pin,
                .assist { input in
                    let item = input.content
                    let route: SocialRoute =
                        input.destination.route == .lists ? .list(id: item) : .tag(name: item)
                    guard let tab = SocialTabs.pinned(route) else { return .back }
                    return .insertTab(tab)
                }.leading(to: .list(id: ""), .tag(name: "")))
            events.on(.edit, .present { id in .sheetStack(.listEditor(id: id)) }.leading(to: .listEditor(id: "")))
        }
        let settings = Provider { (_: SocialRoute) in
            SettingsScreen()
        } events: { events in
            events.on(.filters, .present(.push(.filters)))
            events.on(.display, .present(.push(.displaySettings)))
            events.on(.accounts, .present(.push(.accountsSettings)))
            events.on(.push, .present(.push(.pushSettings)))
            events.on(.tabs, .present(.push(.tabSettings)))
            events.on(.about, .present(.push(.about)))
            events.on(.switchAccount, .present(.sheet(.accountSwitcher)))
            events.on(.signOut, .present(.alert(.confirmSignOut)))
            events.on(
                .signOutConfirmed,
                .perform { input in
                    try input.destination.context.environment.require(SocialSession.self).signOut()
                    _ = try input.destination.context.present(.replaceRoot(SocialConfiguration.signedOutLayout))
                }.leading(to: .localTimeline, .explore, .settings))
            events.on(.addServer, .present(.sheetStack(.addServer)))
        }
        let page = Provider { (route: SocialRoute) in
            PageScreen(route: route)
        } events: { events in
            events.on(.close, .present(.dismiss))
        }
        let editor = Provider { (route: SocialRoute) in
            EditorScreen(route: route)
        } events: { events in
            events.on(
                .submit,
                .perform { editor, text in
                    editor.record(text)
                    if case .addServer = editor.route, let tab = SocialTabs.pinned(.remoteTimeline(server: text)) {
                        try editor.context.environment.require(SocialSession.self).addServer(text)
                        _ = try editor.context.present(.insertTab(tab))
                    }
                    try editor.context.dismiss()
                }.leading(to: .remoteTimeline(server: "")))
            events.on(.cancel, .present(.dismiss))
        }
        let welcome = Provider { (route: SocialRoute) in
            WelcomeScreen(route: route)
        } events: { events in
            events.on(
                .chooseServer, .present { server in .push(.signIn(server: server)) }.leading(to: .signIn(server: "")))
            events.on(
                .signIn,
                .perform { screen, account in
                    let session = try screen.context.environment.require(SocialSession.self)
                    session.signIn(account)
                    _ = try screen.context.present(SocialTabs.accountTabs(session.arrangement))
                    if try screen.context.resumePending() == nil { try screen.context.dismiss() }
                }.leading(
                    to: .homeTimeline, .federatedTimeline, .trending, .notifications, .mentions, .conversations,
                    .myProfile, .bookmarks, .favorites, .lists, .followedTags))
            events.on(
                .cancel,
                .perform { screen in
                    screen.destination.context.dropPending()
                    try screen.destination.context.dismiss()
                })
        }
        let switcher = Provider { (_: SocialRoute) in
            AccountSwitcherScreen()
        } events: { events in
            events.on(
                .choose,
                .perform { screen, id in
                    let session = try screen.context.environment.require(SocialSession.self)
                    guard session.switchTo(accountID: id) else { return try screen.context.dismiss() }
                    // Another account's timelines are other screens: its tabs start anew, arranged
                    // as it arranged them.
                    _ = try screen.context.present(
                        .replaceRoot(SocialConfiguration.signedInLayout(session.arrangement)))
                })
            events.on(.addAccount, .present(.sheetStack(.addAccount)))
            events.on(.close, .present(.dismiss))
        }
        let confirmDelete: Provider<SocialRoute> = .alert(presentedBy: StatusScreen.self) { _ in
            AlertContent(
                "Delete this post?",
                buttons: [
                    AlertButton("Delete", role: .destructive, sends: .deleteConfirmed),
                    AlertButton("Cancel", role: .cancel),
                ])
        }
        let confirmBlock: Provider<SocialRoute> = .alert(presentedBy: AccountScreen.self) { _ in
            AlertContent(
                "Block this account?",
                buttons: [AlertButton("Block", role: .destructive), AlertButton("Cancel", role: .cancel)])
        }
        let confirmSignOut: Provider<SocialRoute> = .alert(presentedBy: SettingsScreen.self) { _ in
            AlertContent(
                "Sign out?",
                buttons: [
                    AlertButton("Sign out", role: .destructive, sends: .signOutConfirmed),
                    AlertButton("Cancel", role: .cancel),
                ])
        }
        return Providers { route in
            switch route {
            case .homeTimeline, .localTimeline, .federatedTimeline, .trending, .remoteTimeline, .list, .tag:
                timeline
            case .status: status
            case .account, .myProfile: account
            case .followers, .following, .favoritedBy, .boostedBy: accountList
            case .notifications, .mentions: notifications
            case .explore, .search, .conversations, .bookmarks, .favorites, .lists, .followedTags, .conversation:
                collection
            case .settings: settings
            case .statusHistory, .filters, .displaySettings, .accountsSettings, .pushSettings, .tabSettings, .about,
                .media, .translation, .browser:
                page
            case .composer, .editStatus, .report, .editProfile, .listEditor, .newList, .addServer: editor
            case .welcome, .signIn, .addAccount: welcome
            case .accountSwitcher: switcher
            case .confirmDelete: confirmDelete
            case .confirmBlock: confirmBlock
            case .confirmSignOut: confirmSignOut
            }
        }
    }

    /// What an item of a collection opens.
    static func collectionTarget(of collection: SocialRoute, item: String) -> Presentation<SocialRoute> {
        switch collection {
        case .explore, .followedTags: .push(.tag(name: item))
        case .search: .push(.account(.id(item)))
        case .conversations: .push(.conversation(id: item))
        case .lists: .push(.list(id: item))
        default: .push(.status(id: item))
        }
    }
}

extension SocialRoute {
    /// The status a route is about; empty for others.
    public var statusID: String {
        switch self {
        case .status(let id), .statusHistory(let id), .editStatus(let id): id
        case .favoritedBy(let id), .boostedBy(let id), .translation(let id), .confirmDelete(let id): id
        case .media(let id, _): id
        default: ""
        }
    }

    /// The account a route shows; the signed-in account's own profile for `myProfile`.
    public var accountReference: AccountReference {
        if case .account(let reference) = self { return reference }
        return .id("me")
    }
}
