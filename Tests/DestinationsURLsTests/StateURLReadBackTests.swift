import Destinations
import DestinationsURLs
import Testing

/// Every state URL the router prints, it reads back (issue 32.16): a parameter holding a control
/// character, which the parser refuses raw or encoded, is refused when printing, with its route
/// and parameter; any other string round-trips.
@Suite struct StateURLReadBackTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router()
    }

    @Test func aControlCharacterInAValueIsRefusedWhenPrintingNotWhenReading() throws {
        let state = try NavigationState(GoldenURLs.main).applying(
            .push(.search(query: "milk\teggs", page: 1, sort: nil)))
        #expect(throws: URLPrintError.controlCharacter(route: "search", parameter: "query")) {
            try router.stateURL(for: state, scene: "main")
        }
        let plain = try NavigationState(GoldenURLs.main).applying(
            .push(.search(query: "milk eggs", page: 1, sort: nil)))
        #expect(try parseState(router, router.stateURL(for: plain, scene: "main")).isEquivalent(to: plain))
    }

    @Test func randomStatesWithArbitraryStringsReadBackOrAreRefusedWhenPrinting() throws {
        var random = RandomURLStates(seed: 0x32_16)
        random.arbitraryStrings = true
        var (readBack, refused) = (0, 0)
        for _ in 0..<fuzzIterations(60) {
            for state in random.walk(from: try NavigationState(GoldenURLs.main), steps: 25) {
                let url: String
                do {
                    url = try router.stateURL(for: state, scene: "main")
                } catch {
                    guard case .controlCharacter(let route, _) = error else {
                        Issue.record("\(error)")
                        continue
                    }
                    #expect(
                        state.screens.contains { $0.route.map { $0.name == route && $0.hasControlCharacter } == true })
                    refused += 1
                    continue
                }
                let parsed = try parseState(router, url)
                #expect(parsed.isEquivalent(to: state), "\(url)")
                #expect(try router.stateURL(for: parsed, scene: "main") == url)
                readBack += 1
            }
        }
        #expect(readBack > 500)
        #expect(refused > 10)
    }
}

extension GoldenRoute {
    /// Whether the route's text holds a control character.
    var hasControlCharacter: Bool {
        guard case .search(let query, _, _) = self else { return false }
        return query.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
