import Destinations
import DestinationsURLs
import Testing

/// Parameters inside a segment in route patterns, so in state URLs (issue 31, item 2): printed
/// and read back alike, whatever the values hold.
@Suite struct RouteSegmentParameterTests {
    static let patterns = RoutePatterns<SocialRoute> {
        RoutePattern("timeline", .timeline)
        RoutePattern("settings", .settings)
        RoutePattern("status/{server}/@{user}/{id}", SocialRoute.status) {
            if case .status(let server, let user, let id) = $0 { (server, user, id) } else { nil }
        }
        RoutePattern("account/@{user}@{server}", SocialRoute.account) {
            if case .account(let user, let server) = $0 { (user, server) } else { nil }
        }
        RoutePattern("tag/:{name}~", SocialRoute.tag) { if case .tag(let name) = $0 { name } else { nil } }
        RoutePattern("browser/{url}", SocialRoute.browser) { if case .browser(let url) = $0 { url } else { nil } }
    }
    let router: URLRouter<SocialRoute>

    init() throws {
        router = try URLRouter(
            prefixes: ["social://"], scenes: [SceneKind("main", layout: Social.layout)], patterns: Self.patterns)
    }

    func roundTrip(_ route: SocialRoute) throws -> String {
        let state = try NavigationState(Social.layout).applying(.push(route))
        let url = try router.stateURL(for: state, scene: "main")
        let parsed = try parseState(router, url)
        #expect(parsed.isEquivalent(to: state), "\(url)")
        #expect(try router.stateURL(for: parsed, scene: "main") == url)
        return url
    }

    @Test func parametersInsideASegmentPrintAndReadBack() throws {
        #expect(
            try roundTrip(.account(user: "bob", server: "mastodon.social"))
                == "social://main/home/timeline/account/@bob@mastodon.social")
        #expect(
            try roundTrip(.status(server: "a.example", user: "amy", id: 7))
                == "social://main/home/timeline/status/a.example/@amy/7")
    }

    @Test func valuesHoldingTheConstantsOrEscapesReadBack() throws {
        #expect(try roundTrip(.account(user: "a@b", server: "c")) == "social://main/home/timeline/account/@a%40b@c")
        #expect(try roundTrip(.account(user: "", server: ".")) == "social://main/home/timeline/account/@$@$.")
        #expect(try roundTrip(.tag("~x~")) == "social://main/home/timeline/tag/:%7Ex%7E~")
        for text in ["", ".", "..", "$", "@", "@@", "a b", "é", "~", "#", "%", "a.b"] {
            _ = try roundTrip(.account(user: text, server: text))
            _ = try roundTrip(.tag(text))
        }
    }

    @Test func randomValuesInsideASegmentReadBack() throws {
        var random = RandomURLStates(seed: 0x31_02)
        for _ in 0..<fuzzIterations(400) {
            let (user, server) = (random.arbitraryString(), random.arbitraryString())
            guard !(user + server).unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                continue
            }
            _ = try roundTrip(.account(user: user, server: server))
            _ = try roundTrip(.status(server: server, user: user, id: 1))
        }
    }

    @Test func aSegmentThatDoesNotFitItsConstantsIsRefusedAtItsOffset() {
        var ids = SequentialElementIDs()
        #expect(
            deepLinkError { () throws(DeepLinkError) in
                _ = try router.parse("social://main/home/timeline/account/bob", ids: &ids)
            } == .invalidParameter(route: "account", name: "user", expected: "String", offset: 36))
    }

    @Test func aRouteConstantThatAStateURLCannotCarryIsRefused() {
        func problems(_ template: String) -> [URLConfigurationProblem] {
            do {
                _ = try URLRouter(
                    prefixes: ["social://"], scenes: [SceneKind("main", layout: Social.layout)],
                    patterns: RoutePatterns([
                        RoutePattern("timeline", SocialRoute.timeline), RoutePattern("settings", SocialRoute.settings),
                        RoutePattern(template, SocialRoute.tag) { if case .tag(let name) = $0 { name } else { nil } },
                    ]))
                return []
            } catch {
                return error.problems
            }
        }
        #expect(problems("tag/!{name}") == [.badTemplate(pattern: "tag/!{name}", offset: 4)])
        #expect(problems("tag/{name}x") == [.badTemplate(pattern: "tag/{name}x", offset: 10)])
        #expect(problems("tag/{name}.json") == [.badTemplate(pattern: "tag/{name}.json", offset: 10)])
        #expect(problems("tag/@{name}") == [])
    }
}
