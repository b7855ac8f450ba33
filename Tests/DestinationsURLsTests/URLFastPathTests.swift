import Destinations
import DestinationsTesting
import DestinationsURLs
import Testing

/// The matching engine's shortcuts give the answers of the general path: an `Int` read straight
/// from the bytes, link constants found in their own table, closures of fixed arity.
@Suite struct URLFastPathTests {
    enum Route: NavigationRoute {
        case home
        case number(Int)
        case text(String)
        case item(Int, String, Bool)
        case constant(Int)
    }

    static func router(links: [DeepLink<Route>] = []) throws -> URLRouter<Route> {
        try URLRouter(
            prefixes: ["fast://"],
            scenes: [SceneKind("main", layout: .stack(.home))],
            patterns: RoutePatterns([
                RoutePattern("home", .home),
                RoutePattern("item/{id}/{name}/{flag}", Route.item) {
                    if case .item(let id, let name, let flag) = $0 { (id, name, flag) } else { nil }
                },
            ]),
            links: DeepLinks(links))
    }

    /// The route a link opens, or `nil` when the router refuses the URL.
    static func route(_ url: String, _ router: URLRouter<Route>) -> Route? {
        var ids = SequentialElementIDs()
        guard case .link(let match)? = try? router.parse(url, ids: &ids),
            case .presentation(.push(let route)) = match.resolved
        else { return nil }
        return route
    }

    @Test func anIntegerReadFromTheBytesIsTheIntegerItsTextParsesTo() throws {
        let router = try Self.router(links: [
            DeepLink("n/{id}") { (id: Int) in .push(.number(id)) },
            DeepLink("q?v={value}") { (value: Int) in .push(.number(value)) },
        ])
        var random = SeededRandom(seed: 33)
        let alphabet = Array("0123456789-+%2e$.")
        for _ in 0..<2_000 {
            let length = Int(random.next() % 22) + 1
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let expected = Int(urlComponent: text[...]).map(Route.number)
            if !text.contains("%") && !text.contains("$") && text != "." && text != ".." {
                #expect(Self.route("fast://n/\(text)", router) == expected, "segment \(text)")
            }
            if !text.contains("%") && !text.contains("+") {
                #expect(Self.route("fast://q?v=\(text)", router) == expected, "query \(text)")
            }
        }
        #expect(Self.route("fast://n/9223372036854775807", router) == .number(.max))
        #expect(Self.route("fast://n/-9223372036854775808", router) == .number(.min))
        #expect(Self.route("fast://n/9223372036854775808", router) == nil)
        #expect(Self.route("fast://n/%31%32", router) == .number(12))
    }

    @Test func everyConstantOfManyLinksLeadsToItsOwnLink() throws {
        let links = (0..<300).map { index in
            DeepLink<Route>("c\(index)/x") { .push(.constant(index)) }
        }
        let router = try Self.router(links: links)
        for index in 0..<300 {
            #expect(Self.route("fast://c\(index)/x", router) == .constant(index))
        }
        #expect(Self.route("fast://c300/x", router) == nil)
        #expect(Self.route("fast://c1/y", router) == nil)
    }

    @Test func aPatternOfThreeParametersReadsBackItsRoute() throws {
        let router = try Self.router()
        let state = try NavigationState(Layout<Route>.stack(.home, .item(-7, "a b/c", true)))
        let url = try router.stateURL(for: state, scene: "main")
        var ids = SequentialElementIDs()
        guard case .state(_, let parsed) = try router.parse(url, ids: &ids) else {
            Issue.record("\(url) is not a state URL")
            return
        }
        #expect(parsed.root.stack?.elements.map(\.route) == [.home, .item(-7, "a b/c", true)])
    }

    @Test func aStringParameterIsDecodedOnceAndCountedAgainstTheLimit() throws {
        let router = try Self.router(links: [DeepLink("t/{text}") { (text: String) in .push(.text(text)) }])
        #expect(Self.route("fast://t/a%20b", router) == .text("a b"))
        var ids = SequentialElementIDs()
        let long = String(repeating: "x", count: 40)
        #expect(throws: DeepLinkError.tooManyParameterBytes(bytes: 40, limit: 20)) {
            try router.parse("fast://t/\(long)", ids: &ids, limits: URLLimits(parameterBytes: 20))
        }
    }
}
