import Destinations
import Foundation
import Testing

/// Random tab-set changes among pushes and selections, then the invariants of a tab bar.
@MainActor
@Suite struct TabSetPropertyTests {
    static let seeds = ProcessInfo.processInfo.environment["DESTINATIONS_PROPERTY_SEEDS"].flatMap(Int.init) ?? 60
    static let names: [TabID] = [.inbox, .profile, .search, .lists, "tag", "server", "bookmarks"]

    static func operation(_ random: inout SeededRandom, tabs: Tabs<TestRoute>) -> Presentation<TestRoute> {
        let name = random.pick(names)
        switch random.next() % 8 {
        case 0:
            return .insertTab(.tab(name, .stack(random.pick([.home, .list, .content(3)]))), at: Int(random.next() % 5))
        case 1: return .removeTab(random.chance(0.8) ? random.pick(tabs.ids) : name)
        case 2: return .moveTab(random.pick(tabs.ids), to: Int(random.next() % 5))
        case 3:
            let order = tabs.ids.shuffled(using: &random)
            let hidden = Set(tabs.ids.filter { _ in random.chance(0.3) })
            return .arrangeTabs(TabArrangement(order: order, hidden: hidden))
        case 4: return .selectTab(random.pick(tabs.ids))
        case 5: return .back
        case 6: return .insertTab(.action(.post, presents: .stack(.editor)), at: Int(random.next() % 4))
        default: return .push(random.pick([.detail(1), .about, .settings]))
        }
    }

    @Test func randomTabSetChangesKeepTheTabBarWholeAndEverySurvivingScreen() throws {
        var applied = 0
        for seed in 0..<UInt64(Self.seeds) {
            var random = SeededRandom(seed: seed)
            let flow = try makeFlow(threeTabs)
            for _ in 0..<25 {
                guard let tabs = flow.state.root.tabs else {
                    Issue.record("seed \(seed): no tab bar")
                    break
                }
                let before = flow.destinations.mapValues(ObjectIdentifier.init)
                let shownBefore = flow.state
                let operation = Self.operation(&random, tabs: tabs)
                do {
                    try flow.apply(operation)
                    applied += 1
                } catch {
                    #expect(flow.destinations.mapValues(ObjectIdentifier.init) == before, "seed \(seed): \(operation)")
                    continue
                }
                let state = flow.state
                guard let bar = state.root.tabs else {
                    Issue.record("seed \(seed): no tab bar")
                    break
                }
                #expect(Set(bar.ids).count == bar.ids.count, "seed \(seed): unique tab ids")
                #expect(!bar.hidden.contains(bar.selection), "seed \(seed): \(operation) selected a hidden tab")
                #expect(bar.ids.contains(bar.selection))
                #expect(throws: Never.self, "seed \(seed)") { try state.validate() }
                let after = flow.destinations.mapValues(ObjectIdentifier.init)
                for (id, object) in before where state.contains(id) {
                    #expect(after[id] == object, "seed \(seed): \(operation) rebuilt \(id)")
                }
                #expect(Set(after.keys) == Set(state.screens.map(\.id)), "seed \(seed): one Destination per screen")
                for screen in state.screens { #expect(flow.node(screen.id) == screen, "seed \(seed): index") }
                // A renderer follows without rebuilding the bar, and ends showing the state.
                let plan = state.renderPlan(from: shownBefore)
                #expect(!plan.steps.contains { if case .setRoot = $0.change { true } else { false } }, "seed \(seed)")
                let shown = plan.steps.reduce(shownBefore) { $0.applying($1, toward: state) }
                #expect(shown == state, "seed \(seed): \(operation)\n\(plan.steps)")
                let decoded = try JSONDecoder().decode(
                    NavigationState<TestRoute>.self, from: JSONEncoder().encode(state))
                #expect(decoded == state, "seed \(seed): Codable round trip")
            }
        }
        #expect(applied > Self.seeds * 10)
    }
}
