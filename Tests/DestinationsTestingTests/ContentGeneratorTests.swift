import DestinationsTesting
import Testing

/// Two lists whose `select` events carry different content, and a question shown as an alert.
enum TwoListsRoute: NavigationRoute, Codable {
    case listA, listB
    case item(Int)
    case tag(String)
    case question
}

@MainActor final class ListA: Destination {
    enum Event: Hashable, Sendable {
        case select(Carrying<Int>)
        case openB, ask
    }
    let context = DestinationContext<TwoListsRoute, Event>()
}

extension ContentEvent<ListA.Event, Int> {
    static var select: Self { Self(ListA.Event.select) }
}

@MainActor final class ListB: Destination {
    enum Event: Hashable, Sendable { case select(Carrying<String>) }
    let context = DestinationContext<TwoListsRoute, Event>()
}

extension ContentEvent<ListB.Event, String> {
    static var select: Self { Self(ListB.Event.select) }
}

@MainActor final class LeafScreen: Destination {
    enum Event: Hashable, Sendable { case close }
    let context = DestinationContext<TwoListsRoute, Event>()
}

@MainActor final class QuestionScreen: Destination {
    enum Event: Hashable, Sendable { case fine }
    let context = DestinationContext<TwoListsRoute, Event>()
}

@MainActor
enum TwoLists {
    static func providers() -> Providers<TwoListsRoute> {
        let listA = Provider { (_: TwoListsRoute) in
            ListA()
        } events: { events in
            events.on(.select, .present { number in .push(.item(number)) })
            events.on(.openB, .present(.push(.listB)))
            events.on(.ask, .present(.alert(.question)))
        }
        let listB = Provider { (_: TwoListsRoute) in
            ListB()
        } events: { events in
            events.on(.select, .present { tag in .push(.tag(tag)) })
        }
        let leaf = Provider { (_: TwoListsRoute) in
            LeafScreen()
        } events: { events in
            events.on(.close, .present(.back))
        }
        let question = Provider { (_: TwoListsRoute) in
            QuestionScreen()
        } events: { events in
            events.on(.fine, .present(.dismiss))
        }
        return Providers { route in
            switch route {
            case .listA: listA
            case .listB: listB
            case .item, .tag: leaf
            case .question: question
            }
        }
    }
}

/// The routes an exploration reached.
@MainActor final class ReachedRoutes {
    var routes: Set<TwoListsRoute> = []
}

@MainActor
@Suite struct ContentGeneratorTests {
    @Test func theExplorerTriesTheSameEventOfTwoScreenTypesEachWithItsOwnContents() async {
        var explorer = FlowExplorer(depth: 3) {
            FlowConfiguration(layout: .stack(.listA), providers: TwoLists.providers())
        }
        explorer.includesGestures = false
        explorer.content(for: .select, of: ListA.self) { _ in [1, 2] }
        explorer.content(for: .select, of: ListB.self) { _ in ["swift"] }
        let reached = ReachedRoutes()
        let report = await explorer.explore { flow in
            reached.routes.formUnion(flow.state.screens.compactMap(\.route))
            return nil
        }
        #expect(report.violation == nil)
        #expect(reached.routes.isSuperset(of: [.item(1), .item(2), .tag("swift")]), "\(reached.routes)")
    }

    @Test func aWalkSendsEachScreenTypesEventWithItsOwnTypedContent() async {
        var walk = RandomWalk(.stack(.listA), steps: 60) { TwoLists.providers() }
        walk.includesGestures = false
        walk.content(for: .select, of: ListA.self) { _, random in Int(random.next() % 3) }
        walk.content(for: .select, of: ListB.self) { _, _ in "swift" }
        let report = await walk.run(seed: 11)
        #expect(report.failure == nil)
        let sent = report.steps.filter {
            if case .event("select", _, _) = $0.action { true } else { false }
        }
        #expect(sent.contains { "\($0.action)" == "send select to listA" && $0.content != nil })
        #expect(sent.contains { "\($0.action)" == "send select to listB" && $0.content == "swift" })
        #expect(report.refusals == 0)
    }

    @Test func aWalkOffersNoEventOfAScreenAnAlertCovers() async {
        var walk = RandomWalk(Layout<TwoListsRoute>.stack(.listA).presenting(.question, style: .alert), steps: 1) {
            TwoLists.providers()
        }
        walk.includesGestures = false
        for seed: UInt64 in 0..<8 {
            let report = await walk.run(seed: seed)
            #expect(report.steps.map(\.action) == [.event("fine", route: "question", occurrence: 0)])
        }
    }

    @Test func theExplorerOffersNoEventOfAScreenAnAlertCovers() async {
        var explorer = FlowExplorer(depth: 2) {
            FlowConfiguration(layout: .stack(.listA), providers: TwoLists.providers())
        }
        explorer.includesGestures = false
        explorer.content(for: .select, of: ListA.self) { _ in [1] }
        // Under the alert, only its own button leads anywhere; a covered list's `openB` would
        // push the second list while the question shows.
        let report = await explorer.explore { flow in
            let covered = flow.state.presentedChain.last?.style == .alert
            return covered && flow.state.screens.contains { $0.route == .listB } ? "a covered screen was used" : nil
        }
        #expect(report.violation == nil, "\(report)")
    }
}
