// swift-format-ignore-file
// (The sample below is the article's, verbatim, formatted as the article shows it.)
import Destinations
import Testing

// SAMPLE-BEGIN
enum FeedRoute: NavigationRoute { case timeline, post(id: Int), profile(id: Int), compose }

extension TabID { static let home: TabID = "home", me: TabID = "me" }

@MainActor final class Timeline: Destination {
    enum Event: Hashable { case openPost(Carrying<Int>), compose }
    let context = DestinationContext<FeedRoute, Event>()
}
extension ContentEvent<Timeline.Event, Int> { static var openPost: Self { Self(Timeline.Event.openPost) } }

@MainActor final class PostScreen: Destination {
    enum Event: Hashable { case openAuthor(Carrying<Int>) }
    let context = DestinationContext<FeedRoute, Event>()
}
extension ContentEvent<PostScreen.Event, Int> { static var openAuthor: Self { Self(PostScreen.Event.openAuthor) } }

@MainActor final class ProfileScreen: Destination {
    enum Event: Hashable { case follow }
    let context = DestinationContext<FeedRoute, Event>()
}

@MainActor final class Compose: Destination {
    enum Event: Hashable { case send, cancel }
    let context = DestinationContext<FeedRoute, Event>()
}

enum Feed {
    /// Each tab has its own stack; what was `router.path` and `router.presentedSheet` per tab
    /// is one state for the whole app.
    static let layout: Layout<FeedRoute> = .tabs([.tab(.home, .stack(.timeline)), .tab(.me, .stack(.profile(id: 1)))])

    /// What each screen's taps do, in one place instead of in every view's button.
    @MainActor static func providers() -> Providers<FeedRoute> {
        Providers { route in
            switch route {
            case .timeline:
                Provider { _ in Timeline() } events: {
                    $0.on(.openPost, .present { id in .push(.post(id: id)) })
                    $0.on(.compose, .present(.sheet(.compose)))
                }
            case .post:
                Provider { _ in PostScreen() } events: { $0.on(.openAuthor, .present { id in .push(.profile(id: id)) }) }
            case .profile: Provider { _ in ProfileScreen() }
            case .compose:
                Provider { _ in Compose() } events: {
                    $0.on(.send, .present(.dismiss))
                    $0.on(.cancel, .present(.dismiss))
                }
            }
        }
    }
}

// A view sends what the user did; the flow decides where it leads:
//     Button(post.title) { timeline.post(.openPost, content: post.id) }
// SAMPLE-END

/// The "Coming from a path-array router" article's sample compiles and does what it says.
@MainActor
@Suite struct ComingFromRouterPathTests {
    @Test func tapsPushInTheSelectedTabAndTheSheetIsPartOfTheState() throws {
        let flow = try Flow(Feed.layout, providers: Feed.providers(), logger: .disabled)
        try flow.focusedDestination(as: Timeline.self)?.send(.openPost, content: 7)
        try flow.focusedDestination(as: PostScreen.self)?.send(.openAuthor, content: 3)
        #expect(flow.state.rendered(ids: false) == """
            tabs (selected: home)
              [home] stack
                timeline
                post(id: 7)
                profile(id: 3) ◀
              [me] stack
                profile(id: 1)
            """)
        try flow.apply(.popToRoot)
        try flow.focusedDestination(as: Timeline.self)?.send(.compose)
        #expect(flow.state.rendered(ids: false) == """
            tabs (selected: home)
              [home] stack
                timeline
                  sheet: compose ◀
              [me] stack
                profile(id: 1)
            """)
    }

    @Test func theArticleShowsTheSampleVerbatim() throws {
        #expect(try sample(of: #filePath, isIn: "ComingFromAPathRouter.md"))
    }
}
