// swift-format-ignore-file
// (The sample below is the article's, verbatim, formatted as the article shows it.)
import Destinations
import Testing

// SAMPLE-BEGIN
enum NumbersRoute: NavigationRoute { case home, numbers, number(Int) }

@MainActor final class Home: Destination {
    enum Event: Hashable { case showNumbers }
    let context = DestinationContext<NumbersRoute, Event>()
}

@MainActor final class NumberList: Destination {
    enum Event: Hashable { case select(Carrying<Int>) }
    let context = DestinationContext<NumbersRoute, Event>()
}
extension ContentEvent<NumberList.Event, Int> { static var select: Self { Self(NumberList.Event.select) } }

@MainActor final class NumberScreen: Destination {
    enum Event: Hashable { case showDouble(Carrying<Int>), backToStart }
    let context = DestinationContext<NumbersRoute, Event>()
    let number: Int
    init(number: Int) { self.number = number }
}
extension ContentEvent<NumberScreen.Event, Int> { static var showDouble: Self { Self(NumberScreen.Event.showDouble) } }

enum Numbers {
    /// What `[.root(.home, withNavigation: true)]` was.
    static let layout: Layout<NumbersRoute> = .stack(.home)

    /// What the coordinator's closures passed to each screen did.
    @MainActor static func providers() -> Providers<NumbersRoute> {
        Providers { route in
            switch route {
            case .home: Provider { _ in Home() } events: { $0.on(.showNumbers, .present(.push(.numbers))) }
            case .numbers:
                Provider { _ in NumberList() } events: { $0.on(.select, .present { n in .sheetStack(.number(n)) }) }
            case .number(let number):
                Provider { _ in NumberScreen(number: number) } events: {
                    $0.on(.showDouble, .present { n in .push(.number(n * 2)) })
                    $0.on(.backToStart, .present(.path([.dismissAll, .popToRoot])))
                }
            }
        }
    }
}
// SAMPLE-END

/// The "Coming from FlowStacks" article's sample compiles and does what it says.
@MainActor
@Suite struct ComingFromFlowStacksTests {
    @Test func aSheetWithItsOwnStackAndOneChangeBackToTheStart() throws {
        let flow = try Flow(Numbers.layout, providers: Numbers.providers(), logger: .disabled)
        try flow.focusedDestination(as: Home.self)?.send(.showNumbers)
        try flow.focusedDestination(as: NumberList.self)?.send(.select, content: 3)
        try flow.focusedDestination(as: NumberScreen.self)?.send(.showDouble, content: 3)
        #expect(flow.state.rendered(ids: false) == """
            stack
              home
              numbers
                sheet: stack
                  number(3)
                  number(6) ◀
            """)
        try flow.focusedDestination(as: NumberScreen.self)?.send(.backToStart)
        #expect(flow.state.rendered(ids: false) == """
            stack
              home ◀
            """)
    }

    @Test func theArticleShowsTheSampleVerbatim() throws {
        #expect(try sample(of: #filePath, isIn: "ComingFromFlowStacks.md"))
    }
}
