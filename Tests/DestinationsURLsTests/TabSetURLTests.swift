import Destinations
import DestinationsTesting
import DestinationsURLs
import Testing

/// A state URL carries the tab set: tabs inserted, removed and moved come back from the URL in
/// the same order, with what the layout declares about them.
@Suite struct TabSetURLTests {
    static let social: Layout<GoldenRoute> = .tabs([
        .tab(.notesTab, .stack(.notes)),
        .action("post", presents: .stack(.editor)),
        .tab(.settingsTab, .stack(.settings), section: "More"),
        .tab(.counterTab, .stack(.counter)),
    ])

    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try URLRouter(
            prefixes: ["notes://"], scenes: [SceneKind("social", layout: Self.social)], patterns: GoldenURLs.patterns)
    }

    @Test func aChangedTabSetRoundTripsThroughTheStateURL() throws {
        let start = try NavigationState(Self.social)
        let changed = try start.applying(
            .path([
                .insertTab(.tab("lists", .stack(.list)), at: 1), .moveTab(.counterTab, to: 0),
                .removeTab(.settingsTab), .presentInTab("lists", .detail(3)),
            ]))
        let url = try router.stateURL(for: changed, scene: "social")
        let parsed = try parseState(router, url)
        #expect(parsed.root.tabs?.ids == [.counterTab, .notesTab, "lists"], "\(url)")
        #expect(parsed.root.tabs?.selection == "lists")
        #expect(parsed.root.tabs?.actions.map(\.id) == ["post"], "action items come from the layout")
        #expect(parsed.isEquivalent(to: changed), "\(url)\n\(parsed)\n---\n\(changed)")
        #expect(try router.stateURL(for: parsed, scene: "social") == url)
    }

    @Test func theDeclaredTabSetKeepsTheShortFormAndItsDecorations() throws {
        let state = try NavigationState(Self.social).applying(.presentInTab(.settingsTab, .about))
        let url = try router.stateURL(for: state, scene: "social")
        #expect(!url.contains("*tabs"), "\(url)")
        let parsed = try parseState(router, url)
        #expect(parsed.root.tabs?.ids == [.notesTab, .settingsTab, .counterTab])
        #expect(parsed.root.tabs?.tabs[1].section == "More")
        #expect(parsed.root.tabs?.actions.first?.placement == 1)
        #expect(parsed.isEquivalent(to: state))
    }

    @Test func randomTabSetChangesRoundTripThroughTheStateURL() throws {
        var random = SeededRandom(seed: 0x7AB5)
        let names: [TabID] = [.notesTab, .settingsTab, .counterTab, "lists", "tag", "post"]
        var checked = 0
        for _ in 0..<fuzzIterations(40) {
            var state = try NavigationState(Self.social)
            for _ in 0..<12 {
                guard let tabs = state.root.tabs, let name = names.randomElement(using: &random),
                    let present = tabs.ids.randomElement(using: &random)
                else { break }
                let position = Int(random.next() % UInt64(4))
                let step: Presentation<GoldenRoute> =
                    switch random.next() % UInt64(6) {
                    case 0: .insertTab(.tab(name, .stack(.list)), at: position)
                    case 1: .removeTab(present)
                    case 2: .moveTab(present, to: position)
                    case 3: .selectTab(present)
                    case 4: .presentInTab(present, .detail(position))
                    default: .arrangeTabs(TabArrangement(order: tabs.ids.shuffled(using: &random)))
                    }
                guard let next = try? state.applying(step) else { continue }
                state = next
                let url = try router.stateURL(for: state, scene: "social")
                let parsed = try parseState(router, url)
                #expect(parsed.root.tabs?.ids == state.root.tabs?.ids, "\(url)")
                #expect(parsed.isEquivalent(to: state), "\(url)\n\(parsed)\n---\n\(state)")
                #expect(try router.stateURL(for: parsed, scene: "social") == url)
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
