import Destinations
import DestinationsTesting
import DestinationsURLs
import Testing

/// Seeded fuzzing of every URL entry point (URLS.md §10, F1, F2, F4): whatever the bytes,
/// parsing returns a typed error or a result, never traps; a parsed state prints canonically.
/// Set `DESTINATIONS_FUZZ_ITERATIONS` to run more.
@Suite struct URLFuzzTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router(links: DeepLinkTests.links)
    }

    static let alphabet = Array("/()!,:*@+$=%.-~_?&#aZ09 ".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
    static let words = [
        "notes", "note/1", "main", "desk", "window", "fixture", "settings", "sidebar", "detail", "content", "*none",
        "*tabs(", "*split2(", "*split3(", "*stack/", "*screen/", "!sheet", "+medium", "+@large", "+0.5", "+12pt",
        "!alert/",
        "!cover/", "!dialog/", "search/", "(page=", "sort=date", "%2e", "%C3%A9", "$", "$.", "..", "edit/12", "?q=",
        "&tag=", "files/", "n/", "notes/12", "/", ")", "(", ",",
    ]

    func canonicalCheck(_ parsed: ParsedURL<GoldenRoute>) throws {
        guard case .state(let scene, let state) = parsed else { return }
        let url = try router.stateURL(for: state, scene: scene)
        let again = try parseState(router, url)
        #expect(again.isEquivalent(to: state), "\(url)")
        #expect(try router.stateURL(for: again, scene: scene) == url)
    }

    func fuzzInput(_ random: inout SeededRandom) -> String {
        let prefix =
            ["notes://", "https://notes.example.com/", "notes://main/", "notes://fixture/", "notes://desk/", ""]
            .randomElement(using: &random) ?? ""
        var bytes = Array(prefix.utf8)
        for _ in 0..<Int.random(in: 0...24, using: &random) {
            if Bool.random(using: &random) {
                bytes += (Self.words.randomElement(using: &random) ?? "").utf8
            } else {
                bytes.append(Self.alphabet.randomElement(using: &random) ?? 0x2F)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func randomBytesNeverTrapAndParsedStatesPrintCanonically() throws {
        var random = SeededRandom(seed: 0xF022)
        var accepted = 0
        for _ in 0..<fuzzIterations(4_000) {
            let input = fuzzInput(&random)
            var ids = SequentialElementIDs()
            let parsed: ParsedURL<GoldenRoute>
            do throws(DeepLinkError) {
                parsed = try router.parse(input, ids: &ids)
            } catch {
                continue
            }
            accepted += 1
            try canonicalCheck(parsed)
        }
        #expect(accepted > 0)
    }

    @Test func mutatedLinksNeverTrap() throws {
        let seeds = [
            "https://notes.example.com/notes/12/edit", "notes://search?q=a+b&page=2&sort=date", "notes://files/a/b%2Fc",
            "notes://tags?tag=x&tag=y", "notes://N/5", "notes://note/12", "notes://prefs", "notes://zoom/1.5",
        ]
        var random = SeededRandom(seed: 0x11CC)
        for _ in 0..<fuzzIterations(3_000) {
            var bytes = Array((seeds.randomElement(using: &random) ?? "").utf8)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                let byte = Self.alphabet.randomElement(using: &random) ?? 0x2F
                if position < bytes.count, Bool.random(using: &random) {
                    bytes[position] = byte
                } else {
                    bytes.insert(byte, at: position)
                }
            }
            var ids = SequentialElementIDs()
            if let parsed = try? router.parse(String(decoding: bytes, as: UTF8.self), ids: &ids) {
                try canonicalCheck(parsed)
            }
        }
    }

    @Test func randomRelativePathsNeverTrapAndApplyAllOrNothing() throws {
        var random = RandomURLStates(seed: 0x4E1)
        let pieces = [
            "..", ".", "note/3", "about", "!sheet", "/", "!alert/confirm", "*stack/", "edit/1", "/!cover/login", "(",
            "x", "%2e",
        ]
        var applied = 0
        for _ in 0..<fuzzIterations(40) {
            for state in random.walk(from: try NavigationState(GoldenURLs.main), steps: 10) {
                let path = (0..<Int.random(in: 1...5, using: &random.random)).map { _ in
                    pieces.randomElement(using: &random.random) ?? ""
                }
                .joined(separator: Bool.random(using: &random.random) ? "/" : "")
                let anchor = random.anchor(in: state)
                var ids = SequentialElementIDs(startingAt: 1_000)
                guard
                    case .presentation(let presentation)? = try? router.resolve(
                        relative: path, in: state, scene: "main", from: anchor, ids: &ids)
                else { continue }
                if let next = try? state.applying(presentation, from: anchor) {
                    _ = try router.stateURL(for: next, scene: "main")
                    applied += 1
                }
            }
        }
        #expect(applied > 0)
    }

    @Test func sharedLinksOfRandomRoutesOpenTheirRoute() throws {
        var random = RandomURLStates(seed: 0x5A4E)
        for _ in 0..<fuzzIterations(500) {
            let route: GoldenRoute =
                Bool.random(using: &random.random)
                ? .note(id: random.integer())
                : .search(
                    query: random.payload(), page: random.integer(),
                    sort: [nil, .date, .title].randomElement(using: &random.random) ?? nil)
            guard let url = router.shareLink(for: route) else { continue }
            var ids = SequentialElementIDs()
            guard case .link(let match) = try router.parse(url, ids: &ids),
                case .presentation(let presentation) = match.resolved
            else {
                Issue.record("\(url) is not a link")
                continue
            }
            #expect(try NavigationState(GoldenURLs.main).applying(presentation).focusedScreen.route == route, "\(url)")
        }
    }
}
