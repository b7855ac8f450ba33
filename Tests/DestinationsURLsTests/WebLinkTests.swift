import DestinationsTesting
import DestinationsURLs
import Testing

@testable import Destinations

/// Links from the whole web (issue 31): hosts, parameters inside a segment, links that decline,
/// and the fallback.
@Suite struct WebLinkTests {
    let known = KnownHosts()
    let router: URLRouter<SocialRoute>

    init() throws { router = try Social.router(known: known) }

    // MARK: Hosts

    @Test func aLinkReadsTheHostOfAnyServerInLowerCase() throws {
        let match = try Social.match("https://Mastodon.Social/@alice/123", in: router)
        #expect(match.target == .push(.status(server: "mastodon.social", user: "alice", id: 123)))
        #expect(match.host == "mastodon.social")
        #expect(match.pattern == "//{server}/@{user}/{id}")
    }

    @Test func aRunTimeHostSetChangesWhatMatchesWithoutANewRouter() throws {
        let url = "https://fosstodon.org/users/bob/statuses/7"
        #expect(try Social.target(url, in: router) == .sheet(.browser(url)))
        known.insert("Fosstodon.org")
        #expect(try Social.target(url, in: router) == .push(.status(server: "fosstodon.org", user: "bob", id: 7)))
        known.remove("fosstodon.org")
        #expect(try Social.match(url, in: router).kind == .fallback)
    }

    @Test func aSubdomainPatternTakesSubdomainsOnly() throws {
        #expect(try Social.target("https://api.example.com/v2.json", in: router) == .push(.tag("v2")))
        #expect(try Social.match("https://example.com/v2.json", in: router).kind == .fallback)
        #expect(try Social.match("https://badexample.com/v2.json", in: router).kind == .fallback)
        #expect(try Social.match("https://a.example.com.evil.org/v2.json", in: router).kind == .fallback)
    }

    @Test func aPrefixWithAHostPatternTakesOnlyItsHosts() throws {
        let router = try URLRouter(
            prefixes: ["https://*.example.org/"], scenes: [SceneKind("main", layout: Social.layout)],
            patterns: Social.patterns,
            links: DeepLinks {
                DeepLink("//{site}/tags/{name}") { (site: String, name: String) in .push(.tag(site + ":" + name)) }
            })
        var ids = SequentialElementIDs()
        #expect(router.prefixes == ["https://*.example.org/"])
        guard case .link(let match) = try router.parse("https://Blog.Example.org/tags/swift", ids: &ids) else {
            Issue.record("not a link")
            return
        }
        #expect(match.host == "blog.example.org")
        #expect(match.target == .push(.tag("blog.example.org:swift")))
        #expect(Social.error("https://example.org/tags/swift", in: router) == .unknownPrefix)
    }

    @Test func aHostPatternThatIsNotOneIsABadPrefix() {
        #expect(throws: URLConfigurationError(problems: [.badPrefix("https://*x/"), .badPrefix("https://a.*/")])) {
            try URLRouter<SocialRoute>(
                prefixes: ["https://*x/", "https://a.*/", "social://"],
                scenes: [SceneKind("main", layout: Social.layout)],
                patterns: Social.patterns)
        }
    }

    @Test func aUserNameBeforeAnyHostIsStillRefusedWithItsOffset() {
        #expect(Social.error("https://evil@mastodon.social/@alice/1", in: router) == .malformed(.userInfo, offset: 12))
    }

    @Test func aHostLinkDoesNotMatchACustomSchemeURL() throws {
        #expect(try Social.target("social://tags/swift", in: router) == .push(.tag("swift")))
        let router = try Social.router(fallback: nil)
        #expect(
            Social.error("social://users/bob/statuses/7", in: router) == .noMatchingLink(path: "users/bob/statuses/7"))
    }

    @Test func badHostTemplatesAreConfigurationErrorsWithTheirOffset() {
        let error = #expect(throws: URLConfigurationError.self) {
            try URLRouter<SocialRoute>(
                prefixes: ["https://*/"], scenes: [SceneKind("main", layout: Social.layout)], patterns: Social.patterns,
                links: DeepLinks {
                    DeepLink("//ex ample.com/a") { .push(.timeline) }
                    DeepLink("//{host?}/b") { (host: String?) in .push(.tag(host ?? "")) }
                })
        }
        #expect(
            error?.problems == [
                .badTemplate(pattern: "//ex ample.com/a", offset: 2), .badTemplate(pattern: "//{host?}/b", offset: 2),
            ])
    }

    // MARK: Parameters inside a segment

    @Test func parametersInsideASegmentSplitAtTheirConstants() throws {
        #expect(
            try Social.target("https://h.example/@alice@other.host", in: router)
                == .push(.account(user: "alice", server: "other.host")))
        #expect(
            try Social.target("https://h.example/@alice", in: router)
                == .push(.account(user: "alice", server: "h.example")))
    }

    @Test func aSharedLinkPrintsItsSegmentParametersAndRoundTrips() throws {
        for route in [
            SocialRoute.status(server: "mastodon.social", user: "alice", id: 123),
            .status(server: "h.example", user: "a@b/c", id: -4),
        ] {
            let url = try #require(router.shareLink(for: route))
            #expect(try Social.target(url, in: router) == .push(route))
        }
        #expect(
            router.shareLink(for: .status(server: "mastodon.social", user: "alice", id: 1))
                == "https://mastodon.social/@alice/1")
        #expect(router.validate(routes: [SocialRoute.status(server: "h.example", user: "x@y", id: 1)]).isEmpty)
    }

    @Test func aTypedParameterInsideASegmentRefusesItsValueWithItsOffset() throws {
        let router = try URLRouter(
            prefixes: ["https://*/"], scenes: [SceneKind("main", layout: Social.layout)], patterns: Social.patterns,
            links: DeepLinks { DeepLink("v{version}.json") { (version: Int) in .push(.tag("v\(version)")) } })
        #expect(try Social.target("https://h/v12.json", in: router) == .push(.tag("v12")))
        #expect(
            Social.error("https://h/v99999999999999999999.json", in: router)
                == .invalidParameter(route: "v{version}.json", name: "version", expected: "Int", offset: 11))
        #expect(Social.error("https://h/v.json", in: router) == .noMatchingLink(path: "v.json"))
    }

    @Test func badSegmentTemplatesAreConfigurationErrorsWithTheirOffset() {
        let error = #expect(throws: URLConfigurationError.self) {
            try URLRouter<SocialRoute>(
                prefixes: ["https://*/"], scenes: [SceneKind("main", layout: Social.layout)], patterns: Social.patterns,
                links: DeepLinks {
                    DeepLink("x/{a}{b}") { (a: String, b: String) in .push(.tag(a + b)) }
                    DeepLink("y/@{a...}") { (a: String) in .push(.tag(a)) }
                    DeepLink("z/@{a}#") { (a: String) in .push(.tag(a)) }
                })
        }
        #expect(
            error?.problems == [
                .badTemplate(pattern: "x/{a}{b}", offset: 5), .badTemplate(pattern: "y/@{a...}", offset: 3),
                .badTemplate(pattern: "z/@{a}#", offset: 6),
            ])
    }

    // MARK: Links that decline

    @Test func aDecliningLinkHandsTheURLToTheNextLinkInDeclarationOrder() throws {
        let router = try URLRouter(
            prefixes: ["social://"], scenes: [SceneKind("main", layout: Social.layout)], patterns: Social.patterns,
            links: DeepLinks {
                DeepLink("x/{n}", deciding: { (n: Int) in n.isMultiple(of: 2) ? .push(.tag("even")) : nil })
                DeepLink("x/{n}", deciding: { (n: Int) in n.isMultiple(of: 3) ? .push(.tag("three")) : nil })
                DeepLink("x/{name}") { (name: String) in .push(.tag("text " + name)) }
            })
        #expect(try Social.target("social://x/6", in: router) == .push(.tag("even")))
        #expect(try Social.target("social://x/9", in: router) == .push(.tag("three")))
        #expect(try Social.target("social://x/7", in: router) == .push(.tag("text 7")))
    }

    @Test func aDeclinedURLReachesTheFallbackOrIsRefused() throws {
        #expect(
            try Social.target("https://h.example/@about", in: router) == .sheet(.browser("https://h.example/@about")))
        let strict = try Social.router(fallback: nil)
        #expect(Social.error("https://h.example/@about", in: strict) == .noMatchingLink(path: "@about"))
    }

    @Test func aLinkAfterOneOfTheSameShapeThatTakesEverythingIsAConfigurationError() {
        #expect(throws: URLConfigurationError(problems: [.duplicateLink(pattern: "x/{b}", existing: "x/{a}")])) {
            try URLRouter<SocialRoute>(
                prefixes: ["social://"], scenes: [SceneKind("main", layout: Social.layout)], patterns: Social.patterns,
                links: DeepLinks {
                    DeepLink("x/{a}") { (a: Int) in .push(.tag("a")) }
                    DeepLink("x/{b}", deciding: { (b: Int) in .push(.tag("b")) })
                })
        }
    }

    // MARK: Fallback

    @Test func theFallbackTakesAnyURLNothingElseTakesWithTheURLAsPayload() throws {
        let match = try Social.match("https://news.example.net/article/1?x=y", in: router)
        #expect(match.kind == .fallback)
        #expect(match.pattern == LinkFallback<SocialRoute>.pattern)
        #expect(match.target == .sheet(.browser("https://news.example.net/article/1?x=y")))
        #expect(match.host == "news.example.net")
        #expect(
            try Social.target("https://example.org:8443/a", in: router)
                == .sheet(.browser("https://example.org:8443/a")))
        #expect(Social.error("ftp://files.example/a", in: router) == .unknownPrefix)
    }

    @Test func aMalformedURLIsRefusedBeforeTheFallback() {
        #expect(Social.error("https://h.example/a%zz", in: router) == .malformed(.percentEncoding, offset: 19))
        #expect(Social.error("https://h.example/a/../b", in: router) == .malformed(.dotSegment, offset: 20))
    }

    @MainActor @Test func theFallbackOpensThroughThePipelineUnderItsSources() throws {
        let fallback = LinkFallback<SocialRoute>(sources: [.universalLink]) { .sheet(.browser($0)) }
        let urls = try Social.flow(router: try Social.router(fallback: fallback))
        let url = "https://news.example.net/a"
        let before = urls.flow.state
        #expect(throws: DeepLinkError.sourceNotAllowed(pattern: "(fallback)", source: .external(.customScheme))) {
            try urls.open(url, source: .external(.customScheme))
        }
        #expect(urls.flow.state == before)
        #expect(try urls.open(url, source: .external(.universalLink)) == .applied)
        #expect(urls.flow.state.focusedScreen.route == .browser(url))
    }
}

/// Seeded fuzzing of links from the web: any host, `@` segments, declines and the fallback.
@Suite struct WebLinkFuzzTests {
    static let hosts = ["mastodon.social", "Fosstodon.ORG", "a.example.com", "example.com", "x", "h-1.b", "", "a..b"]
    static let words = [
        "/", "@", "@alice", "@a@b.c", "@about", "users/", "statuses/", "tags/", "v", ".json", "12", "-3", "%40",
        "%2F", "%zz", "..", "?", "#", "=", "é", ":8080", "bob@", "99999999999999999999",
    ]

    @Test func randomWebURLsNeverTrapAndEveryMatchIsTyped() throws {
        let known = KnownHosts(["fosstodon.org"])
        let router = try Social.router(known: known)
        var random = SeededRandom(seed: 0x31)
        var kinds: [LinkMatch<SocialRoute>.Kind: Int] = [:]
        for _ in 0..<fuzzIterations(3_000) {
            var url = ["https://", "HTTPS://", "social://", "ftp://"].randomElement(using: &random) ?? ""
            url += Self.hosts.randomElement(using: &random) ?? ""
            for _ in 0..<Int.random(in: 0...8, using: &random) { url += Self.words.randomElement(using: &random) ?? "" }
            var ids = SequentialElementIDs()
            guard case .link(let match)? = try? router.parse(url, ids: &ids) else { continue }
            kinds[match.kind, default: 0] += 1
            if let host = match.host { #expect(host == host.lowercased(), "\(url)") }
            if match.kind == .fallback { #expect(match.target == .sheet(.browser(url))) }
            // A status link's route shares a link that opens it again.
            if case .presentation(.push(let route)) = match.target, case .status = route,
                let shared = router.shareLink(for: route)
            {
                #expect(try Social.target(shared, in: router) == .push(route), "\(url) → \(shared)")
            }
        }
        #expect(kinds[.deepLink, default: 0] > 0 && kinds[.fallback, default: 0] > 0)
    }

    @Test func sharedLinksOfRandomSegmentValuesRoundTrip() throws {
        let router = try Social.router()
        var random = SeededRandom(seed: 0x32)
        let alphabet = Array("@a%/.~-_:+é ".unicodeScalars)
        for _ in 0..<fuzzIterations(500) {
            let user = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 1...6, using: &random)).map { _ in
                        alphabet.randomElement(using: &random) ?? "a"
                    }))
            let route = SocialRoute.status(server: "h.example", user: user, id: Int.random(in: -9...9, using: &random))
            guard user != "." && user != "..", let url = router.shareLink(for: route) else { continue }
            #expect(try Social.target(url, in: router) == .push(route), "\(url)")
        }
    }
}

@Suite struct WebLinkSeamTests {
    /// A fallback that takes anything is never handed another scheme, a bad host or a control byte.
    @Test func onlyAWebURLReachesAFallbackWhenNoPrefixMatches() throws {
        let router = try Social.router(fallback: LinkFallback { url in .sheet(.browser(url)) })
        for url in [
            "javascript:alert(1)", "mailto:a@b.c", "ftp://files.example/a", "https://bad host/x",
            "https://trailing.dot./x",
        ] {
            #expect(Social.error(url, in: router) == .unknownPrefix, "\(url)")
        }
        #expect(Social.error("https://a.example/\u{7}", in: router) != nil, "a control byte is malformed")
    }

    /// `hosts:` narrows a link whose template names no host: a URL from another host is not its.
    @Test func aRunTimeHostSetNarrowsALinkWithoutAHostInItsTemplate() throws {
        let known = KnownHosts(["mastodon.social"])
        let links = DeepLinks<SocialRoute> {
            DeepLink("notes/{name}", hosts: known) { (name: String) in .push(.tag(name)) }
        }
        let router = try URLRouter(
            prefixes: ["https://*/"], scenes: [SceneKind("main", layout: Social.layout)], patterns: Social.patterns,
            links: links)
        #expect(try Social.target("https://mastodon.social/notes/a", in: router) == .push(.tag("a")))
        #expect(Social.error("https://elsewhere.example/notes/a", in: router) != nil)
        known.insert("elsewhere.example")
        #expect(try Social.target("https://elsewhere.example/notes/a", in: router) == .push(.tag("a")))
    }
}
