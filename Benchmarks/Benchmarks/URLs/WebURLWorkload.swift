import BenchmarkFixtures
import Destinations
import DestinationsURLs
@preconcurrency import RoutingKit

/// Links from the web at N patterns: a host-pattern prefix (`https://*.bench.example/`) and N
/// links `//{server}/s{i}/@{user}/{id}` — the host read as a parameter, a parameter inside a
/// segment — with routing-kit given the same shape pre-split (host as its first component, `@`
/// stripped by hand after the lookup, which routing-kit cannot express).
struct WebURLWorkload: @unchecked Sendable {  // routing-kit's trie is not Sendable; the workload is read only
    let router: URLRouter<URLBenchRoute>
    let trie: TrieRouter<Int>
    /// `https://h7.bench.example/s7/@u123/456`.
    let links: [String]
    /// `["h7.bench.example", "s7", "@u123", "456"]`.
    let split: [[String]]
    let expected: [Int]

    init(count: Int, inputs: Int = 1_024) throws {
        var links: [DeepLink<URLBenchRoute>] = []
        let trie = TrieRouter<Int>()
        for index in 0..<count {
            links.append(
                DeepLink("//{server}/s\(index)/@{user}/{id}") { (server: String, user: String, id: Int) in
                    .push(.item(index, server.count + user.count, id))
                })
            trie.register(
                index, at: [.parameter("server"), .constant("s\(index)"), .parameter("user"), .parameter("id")])
        }
        router = try URLRouter(
            prefixes: ["https://*.bench.example/"], scenes: [SceneKind("main", layout: .stack(.root))],
            patterns: RoutePatterns { RoutePattern("root", .root) }, links: DeepLinks(links))
        self.trie = trie
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var urls: [String] = []
        var split: [[String]] = []
        var expected: [Int] = []
        for _ in 0..<inputs {
            let (index, user, id) = (next() % count, next() % 100_000, next() % 100_000)
            urls.append("https://h\(index % 97).bench.example/s\(index)/@u\(user)/\(id)")
            split.append(["h\(index % 97).bench.example", "s\(index)", "@u\(user)", "\(id)"])
            expected.append(index)
        }
        (self.links, self.split, self.expected) = (urls, split, expected)
    }

    /// Every router must return the same pattern index for every input.
    func check() throws {
        for (position, expected) in expected.enumerated() {
            var ids = SequentialElementIDs()
            guard case .link(let match) = try router.parse(links[position], ids: &ids),
                case .presentation(.push(.item(let index, _, _))) = match.resolved, index == expected
            else { throw URLBenchmarkError.mismatch("ours, web", links[position]) }
            var parameters = Parameters()
            guard trie.route(path: split[position], parameters: &parameters) == expected,
                parameters.get("user")?.hasPrefix("@") == true
            else { throw URLBenchmarkError.mismatch("routing-kit, web", links[position]) }
        }
    }
}
