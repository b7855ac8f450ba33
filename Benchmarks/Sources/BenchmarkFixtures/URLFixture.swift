import Destinations
import DestinationsTesting
import DestinationsURLs

/// The routes of the URL benchmarks: a root screen and one route case with a pattern index and
/// two integer parameters, so that N patterns need only one enum.
public enum URLBenchRoute: NavigationRoute {
    case root
    case item(Int, Int, Int)
}

/// The router study's workload (URLS.md §9.4 W1) for our router: N deep links
/// `s{i}/users/{id}/notes/{note}`, N route patterns `k{i}/{id}/{note}` for state URLs of a
/// two-screen stack, and seeded random hits over all N, so that every run sees the same inputs.
public struct URLFixture: Sendable {
    /// The number of patterns of each kind.
    public let count: Int
    /// The router.
    public let router: URLRouter<URLBenchRoute>
    /// Deep link paths (`s7/users/12/notes/34`), without a prefix.
    public let paths: [String]
    /// Deep link URLs (`https://bench.example.com/s7/users/12/notes/34`).
    public let links: [String]
    /// State URLs of a stack of two screens (`bench://main/root/k7/12/34`).
    public let states: [String]
    /// The expected pattern index of each input.
    public let expected: [Int]

    public init(count: Int, inputs: Int = 1_024, seed: UInt64 = 0x5EED) throws {
        self.count = count
        let declarations = Self.declarations(count: count)
        router = try Self.router(patterns: declarations.0, links: declarations.1)
        var random = WalkRandom(seed: seed)
        var paths: [String] = []
        var states: [String] = []
        var expected: [Int] = []
        for _ in 0..<inputs {
            let index = Int(random.next() % UInt64(count))
            let id = Int(random.next() % 100_000)
            let note = Int(random.next() % 100_000)
            paths.append("s\(index)/users/\(id)/notes/\(note)")
            let state = try NavigationState(Layout<URLBenchRoute>.stack(.root, .item(index, id, note)))
            states.append(try router.stateURL(for: state, scene: "main"))
            expected.append(index)
        }
        self.paths = paths
        links = paths.map { "https://bench.example.com/" + $0 }
        self.states = states
        self.expected = expected
    }
    /// The N route patterns `k{i}/{id}/{note}` (after `root`) and the N deep links
    /// `s{i}/users/{id}/notes/{note}`.
    public static func declarations(count: Int) -> (RoutePatterns<URLBenchRoute>, DeepLinks<URLBenchRoute>) {
        var routePatterns = RoutePatterns<URLBenchRoute> { RoutePattern("root", .root) }.patterns
        var deepLinks: [DeepLink<URLBenchRoute>] = []
        for index in 0..<count {
            routePatterns.append(
                RoutePattern("k\(index)/{id}/{note}", { (id: Int, note: Int) in .item(index, id, note) }) { route in
                    if case .item(index, let id, let note) = route { (id, note) } else { nil }
                })
            deepLinks.append(
                DeepLink("s\(index)/users/{id}/notes/{note}") { (id: Int, note: Int) in .push(.item(index, id, note)) })
        }
        return (RoutePatterns(routePatterns), DeepLinks(deepLinks))
    }
    /// The router of the declarations, as the benchmarks build it.
    public static func router(
        patterns: RoutePatterns<URLBenchRoute>, links: DeepLinks<URLBenchRoute>
    ) throws -> URLRouter<URLBenchRoute> {
        try URLRouter(
            prefixes: ["bench://", "https://bench.example.com/"],
            scenes: [SceneKind("main", layout: .stack(.root))],
            patterns: patterns,
            links: links,
            limits: .trusted
        )
    }
}
