import Destinations
import DestinationsURLs
import Testing

/// URLS.md §10, properties 1 and 2: random states print, parse back to an equivalent state and
/// print the same text again; every mutated URL is refused with a typed error or parses to a
/// state whose URL is canonical.
@Suite struct StateURLRoundTripTests {
    let router: URLRouter<GoldenRoute>

    static let oddTabs: Layout<GoldenRoute> = .tabs([
        .tab("", .stack(.home)), .tab(".", .screen(.menu)),
        .tab("~c", .split(sidebar: .stack(.list), detail: .stack(.detail(1)))),
    ])

    init() throws {
        router = try URLRouter(
            prefixes: ["notes://", "https://notes.example.com/"],
            scenes: GoldenURLs.scenes + [SceneKind("odd", layout: Self.oddTabs)],
            patterns: GoldenURLs.patterns
        )
    }

    /// Checks the round trip of one state; returns its URL.
    @discardableResult
    func checkRoundTrip(_ state: NavigationState<GoldenRoute>, scene: String) throws -> String {
        let url = try router.stateURL(for: state, scene: scene)
        let parsed = try parseState(router, url)
        #expect(parsed.isEquivalent(to: state), "\(url)\n\(parsed)\n---\n\(state)")
        #expect(try router.stateURL(for: parsed, scene: scene) == url)
        return url
    }

    @Test(arguments: ["main", "desk", "window", "fixture", "odd"])
    func randomWalksRoundTrip(scene: String) throws {
        let layout = try #require(router.scene(named: scene)).layout
        var random = RandomURLStates(seed: 0xD5_7A7E ^ UInt64(scene.utf8.count))
        var checked = 0
        for _ in 0..<fuzzIterations(60) {
            for state in random.walk(from: try NavigationState(layout), steps: 25) {
                try checkRoundTrip(state, scene: scene)
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test func randomReplacedRootsRoundTrip() throws {
        var random = RandomURLStates(seed: 42)
        for _ in 0..<fuzzIterations(300) {
            let start = try NavigationState(random.layout())
            for state in random.walk(from: start, steps: 8) {
                try checkRoundTrip(
                    state,
                    scene: ["main", "desk", "window", "fixture", "odd"].randomElement(using: &random.random) ?? "main")
            }
        }
    }

    @Test func theStatesCoverEveryShapeTheGrammarHas() throws {
        var random = RandomURLStates(seed: 7)
        var urls: [String] = []
        for _ in 0..<fuzzIterations(60) {
            for state in random.walk(from: try NavigationState(GoldenURLs.main), steps: 25) {
                urls.append(try checkRoundTrip(state, scene: "main"))
            }
        }
        let text = urls.joined(separator: "\n")
        for marker in [
            "*tabs(", "*split2(", "*split3(", "*stack/", "*screen/", "!sheet+", "!cover", "!alert", "!dialog", "@",
            ")/!", "(page=", "sort=", "$", "%", "grabber", "locked", "pt",
        ] {
            #expect(text.contains(marker), "no URL has \(marker)")
        }
    }

    @Test func mutatedURLsAreRefusedOrParseToACanonicalState() throws {
        var random = RandomURLStates(seed: 99)
        let structural = Array("/()!,:*@+$=%.-~_aZ09".utf8) + [0x80, 0x00, 0x20, 0x3F, 0x23]
        var accepted = 0
        var refused = 0
        for _ in 0..<fuzzIterations(40) {
            for state in random.walk(from: try NavigationState(GoldenURLs.main), steps: 20) {
                var bytes = Array(try router.stateURL(for: state, scene: "main").utf8)
                for _ in 0..<Int.random(in: 1...3, using: &random.random) {
                    let position = Int.random(in: "notes://main".utf8.count...bytes.count, using: &random.random)
                    let byte = structural.randomElement(using: &random.random) ?? 0x2F
                    switch Int.random(in: 0..<3, using: &random.random) {
                    case 0: bytes.insert(byte, at: position)
                    case 1 where position < bytes.count: bytes.remove(at: position)
                    default: if position < bytes.count { bytes[position] = byte }
                    }
                }
                let mutant = String(decoding: bytes, as: UTF8.self)
                var ids = SequentialElementIDs()
                let parsed: ParsedURL<GoldenRoute>
                do throws(DeepLinkError) {
                    parsed = try router.parse(mutant, ids: &ids)
                } catch {
                    refused += 1
                    continue
                }
                guard case .state(let scene, let parsedState) = parsed else { continue }
                try checkRoundTrip(parsedState, scene: scene)
                accepted += 1
            }
        }
        #expect(accepted > 0)
        #expect(refused > accepted)
    }
}
