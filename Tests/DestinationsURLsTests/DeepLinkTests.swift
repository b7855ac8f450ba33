import Destinations
import DestinationsURLs
import Foundation
import Testing

/// Deep links (URLS.md §3.3): matching, targets, query items, case rules and share links.
@Suite struct DeepLinkTests {
    static let links = DeepLinks<GoldenRoute> {
        DeepLink("files/{path...}") { (path: String) in .push(.search(query: "file:" + path, page: 1, sort: nil)) }
            .shares({ (path: String) in GoldenRoute.search(query: "file:" + path, page: 1, sort: nil) }) {
                if case .search(let query, 1, nil) = $0, query.hasPrefix("file:") {
                    String(query.dropFirst(5))
                } else {
                    nil
                }
            }
        DeepLink("notes/{id}") { (id: Int) in .inTab(.notesTab, [.notes, .note(id: id)]) }
            .shares(GoldenRoute.note(id:)) { if case .note(let id) = $0 { id } else { nil } }
        DeepLink("notes/{id}/edit", sources: [.universalLink]) { (id: Int) in
            .inTab(.notesTab, [.notes, .note(id: id)], then: .sheet(.editNote(id: id)))
        }
        DeepLink("search?q={query}&page={page=1}&sort={sort?}") { (query: String, page: Int, sort: SortOrder?) in
            .inTab(.notesTab, [.notes, .search(query: query, page: page, sort: sort)])
        }
        .shares(GoldenRoute.search(query:page:sort:)) {
            if case .search(let query, let page, let sort) = $0 { (query, page, sort) } else { nil }
        }
        DeepLink("help") {
            .presentation(.path([.dismissAll, .selectTab(.settingsTab), .setStack([.settings, .about])]))
        }
        .shares(GoldenRoute.about)
        DeepLink("n/{id}", caseInsensitive: true) { (id: Int) in .push(.note(id: id)) }
        DeepLink("column/{id}") { (id: Int) in .inColumn(.detail, [.note(id: id), .editNote(id: id)]) }
        DeepLink("prefs") { .state("settings/settings/about") }
        DeepLink("signed-out") { .replace(.stack(.signIn)) }
        DeepLink("zoom/{level}") { (level: Double) in .push(.search(query: level.urlComponent, page: 1, sort: nil)) }
        DeepLink("tags?tag={tags*}", strictQuery: true) { (tags: [String]) in
            .push(.search(query: tags.joined(separator: ","), page: 1, sort: nil))
        }
    }

    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router(links: Self.links)
    }

    func link(_ url: String) throws -> LinkMatch<GoldenRoute> {
        var ids = SequentialElementIDs()
        guard case .link(let match) = try router.parse(url, ids: &ids) else { throw URLTestFailure.notALink(url) }
        return match
    }

    func presentation(_ url: String) throws -> Presentation<GoldenRoute>? {
        if case .presentation(let presentation) = try link(url).resolved { return presentation }
        return nil
    }

    func error(_ url: String) -> DeepLinkError? {
        var ids = SequentialElementIDs()
        return deepLinkError { () throws(DeepLinkError) in _ = try router.parse(url, ids: &ids) }
    }

    @Test func aLinkMapsItsTypedParametersToItsTarget() throws {
        let match = try link("https://notes.example.com/notes/12")
        #expect(match.pattern == "notes/{id}")
        #expect(match.kind == .deepLink)
        #expect(match.scene == "main")
        #expect(match.target == .inTab(.notesTab, [.notes, .note(id: 12)]))
        #expect(
            match.resolved
                == .presentation(.path([.dismissAll, .selectTab(.notesTab), .setStack([.notes, .note(id: 12)])])))
        #expect(try link("notes://notes/12").target == match.target)
    }

    @Test func aTargetWithAFollowUpRunsItLast() throws {
        let match = try link("https://notes.example.com/notes/12/edit")
        #expect(match.sources == [.universalLink])
        #expect(
            match.resolved
                == .presentation(
                    .path([
                        .dismissAll, .selectTab(.notesTab), .setStack([.notes, .note(id: 12)]),
                        .sheet(.editNote(id: 12)),
                    ])))
    }

    @Test func everyTargetCompilesToAPresentationButAStatePath() throws {
        #expect(
            try presentation("notes://column/4")
                == .path([.dismissAll, .show(.note(id: 4), in: .detail), .push(.editNote(id: 4))]))
        #expect(try presentation("notes://signed-out") == .replaceRoot(.stack(.signIn)))
        #expect(try presentation("notes://n/3") == .push(.note(id: 3)))
        #expect(LinkTarget<GoldenRoute>.inColumn(.detail, []).presentation == .path([.dismissAll, .setStack([])]))
        #expect(LinkTarget<GoldenRoute>.state("x").presentation == nil)
        #expect(LinkTarget<GoldenRoute>.sheet(.home).presentation == .sheet(.home))
        #expect(LinkTarget<GoldenRoute>.fullScreenCover(.home).presentation == .fullScreenCover(.home))
        #expect(LinkTarget<GoldenRoute>.alert(.confirm).presentation == .alert(.confirm))
    }

    @Test func aStatePathTargetIsParsedAgainstTheScene() throws {
        let match = try link("notes://prefs")
        #expect(match.target == .state("settings/settings/about"))
        guard case .state(let state) = match.resolved else {
            Issue.record("not a state")
            return
        }
        #expect(try router.stateURL(for: state, scene: "main") == "notes://main/settings/settings/about")
    }

    @Test func queryItemsAreRequiredDefaultedOrOptional() throws {
        #expect(
            try link("notes://search?q=swift").target
                == .inTab(.notesTab, [.notes, .search(query: "swift", page: 1, sort: nil)]))
        #expect(
            try link("notes://search?page=3&q=a+b%2Bc&sort=date&utm_source=mail").target
                == .inTab(.notesTab, [.notes, .search(query: "a b+c", page: 3, sort: .date)]))
        #expect(
            error("notes://search?page=3")
                == .missingParameter(route: "search?q={query}&page={page=1}&sort={sort?}", name: "q"))
        #expect(
            error("notes://search?q=a&q=b")
                == .duplicateParameter(route: "search?q={query}&page={page=1}&sort={sort?}", name: "q"))
        #expect(
            error("notes://search?q=a&page=two")
                == .invalidParameter(
                    route: "search?q={query}&page={page=1}&sort={sort?}", name: "page", expected: "Int", offset: 24))
        #expect(
            try link("notes://search?q=").target == .inTab(.notesTab, [.notes, .search(query: "", page: 1, sort: nil)]))
        #expect(
            try link("notes://search?q").target == .inTab(.notesTab, [.notes, .search(query: "", page: 1, sort: nil)]))
    }

    @Test func repeatedItemsCollectAndAStrictQueryRefusesUnknownOnes() throws {
        #expect(
            try presentation("notes://tags?tag=a&tag=b&&tag=c") == .push(.search(query: "a,b,c", page: 1, sort: nil)))
        #expect(try presentation("notes://tags") == .push(.search(query: "", page: 1, sort: nil)))
        #expect(error("notes://tags?tag=a&utm=1") == .unknownParameter(route: "tags?tag={tags*}", name: "utm"))
    }

    @Test func moreThan32QueryItemsAreRefused() {
        let url = "notes://search?q=1" + String(repeating: "&x=1", count: 32)
        #expect(error(url) == .tooManyQueryItems(count: 33, limit: 32))
    }

    @Test func theFragmentIsNeverMatchedAndATrailingSlashIsAllowed() throws {
        #expect(try link("notes://notes/12#comments").target == .inTab(.notesTab, [.notes, .note(id: 12)]))
        #expect(try link("notes://notes/12/").target == .inTab(.notesTab, [.notes, .note(id: 12)]))
        #expect(
            try link("notes://search?q=x#frag").target
                == .inTab(.notesTab, [.notes, .search(query: "x", page: 1, sort: nil)]))
    }

    @Test func constantsMatchCaseSensitivelyUnlessTheLinkFoldsCase() throws {
        #expect(try presentation("notes://N/5") == .push(.note(id: 5)))
        #expect(error("https://notes.example.com/NOTES/5") == .noMatchingLink(path: "NOTES/5"))
        #expect(try link("notes://Notes/5").pattern == "notes/{id}")  // a custom scheme's host is any case
        #expect(try link("https://NOTES.example.com/notes/5").pattern == "notes/{id}")
    }

    @Test func constantsAreComparedAfterDecodingUnreservedEscapes() throws {
        #expect(try link("notes://%6Eotes/12").pattern == "notes/{id}")
        #expect(try link("notes://n%6f%74es/12").pattern == "notes/{id}")
    }

    @Test func anEncodedSlashNeverSplitsASegment() throws {
        #expect(try presentation("notes://files/a%2Fb") == .push(.search(query: "file:a/b", page: 1, sort: nil)))
        #expect(try presentation("notes://files/a/b/c") == .push(.search(query: "file:a/b/c", page: 1, sort: nil)))
        #expect(
            router.shareLink(for: .search(query: "file:a/b/c", page: 1, sort: nil))
                == "https://notes.example.com/files/a/b/c")
        #expect(
            router.shareLink(for: .search(query: "file:a//.", page: 1, sort: nil))
                == "https://notes.example.com/files/a/$/$.")
    }

    @Test func rawUTF8IsAcceptedInLinkParameters() throws {
        #expect(try presentation("notes://files/café") == .push(.search(query: "file:café", page: 1, sort: nil)))
        #expect(
            try link("notes://search?q=café😀").target
                == .inTab(.notesTab, [.notes, .search(query: "café😀", page: 1, sort: nil)]))
    }

    @Test func aValueOfTheWrongTypeIsReportedAtItsOffset() {
        #expect(
            error("notes://notes/twelve")
                == .invalidParameter(route: "notes/{id}", name: "id", expected: "Int", offset: 14))
        #expect(
            error("notes://notes/99999999999999999999")
                == .invalidParameter(route: "notes/{id}", name: "id", expected: "Int", offset: 14))
        #expect(
            error("notes://zoom/nan")
                == .invalidParameter(route: "zoom/{level}", name: "level", expected: "Double", offset: 13))
        #expect(
            error("notes://zoom/inf")
                == .invalidParameter(route: "zoom/{level}", name: "level", expected: "Double", offset: 13))
        #expect(
            error("notes://zoom/1e999")
                == .invalidParameter(route: "zoom/{level}", name: "level", expected: "Double", offset: 13))
    }

    @Test func aPathNoLinkMatchesIsRefused() throws {
        #expect(error("notes://nowhere/1") == .noMatchingLink(path: "nowhere/1"))
        #expect(try link("notes://notes").kind == .routePattern)
        #expect(error("notes://nowhere") == .noMatchingLink(path: "nowhere"))
        #expect(error("https://notes.example.com/") == .noMatchingLink(path: ""))
        #expect(
            error("notes://" + String(repeating: "x", count: 100))
                == .noMatchingLink(path: String(repeating: "x", count: 64)))
    }

    @Test func linkSegmentsFollowTheByteRules() {
        #expect(error("notes://notes/../12") == .malformed(.dotSegment, offset: 14))
        #expect(error("notes://notes/%2e%2E/12") == .malformed(.dotSegment, offset: 14))
        #expect(error("notes://notes//12") == .malformed(.emptySegment, offset: 14))
        #expect(error("notes://notes/1%2") == .malformed(.percentEncoding, offset: 15))
        #expect(error("notes://files/%C3%28") == .invalidUTF8(offset: 17))
        #expect(error("notes://files/a%00") == .malformed(.controlCharacter, offset: 15))
        #expect(error("notes://files/a b") == .malformed(.unexpectedByte(0x20), offset: 15))
        #expect(error("notes://files/$x") == .malformed(.escape, offset: 14))
    }

    @Test func anExternalRoutePatternIsAOneRouteLink() throws {
        let match = try link("notes://note/12")
        #expect(match.kind == .routePattern)
        #expect(match.pattern == "note/{id}")
        #expect(match.resolved == .presentation(.push(.note(id: 12))))
        #expect(try presentation("notes://licenses") == .path([.dismissAll, .presentInTab(.settingsTab, .licenses)]))
        #expect(error("notes://about") == .noMatchingLink(path: "about"))
        #expect(error("notes://note/x") == .invalidParameter(route: "note", name: "id", expected: "Int", offset: 13))
    }

    @Test func aSceneNameMakesAStateURL() throws {
        var ids = SequentialElementIDs()
        guard case .state(let scene, _) = try router.parse("notes://main/settings", ids: &ids) else {
            Issue.record("not a state URL")
            return
        }
        #expect(scene == "main")
    }

    @Test func aSharedRoutePrintsItsLink() throws {
        #expect(router.shareLink(for: .note(id: 12)) == "https://notes.example.com/notes/12")
        #expect(
            router.shareLink(for: .search(query: "a b&c", page: 1, sort: nil))
                == "https://notes.example.com/search?q=a%20b%26c")
        #expect(
            router.shareLink(for: .search(query: "x", page: 2, sort: .date))
                == "https://notes.example.com/search?q=x&page=2&sort=date")
        #expect(router.shareLink(for: .about) == "https://notes.example.com/help")
        #expect(router.shareLink(for: .settings) == nil)
    }

    @Test func openingASharedLinkAddsItsRoute() throws {
        for route: GoldenRoute in [
            .note(id: 12), .note(id: .min), .search(query: "é/😀 +&=", page: -4, sort: .title),
            .search(query: "", page: 1, sort: nil),
            .search(query: "file:a//.", page: 1, sort: nil), .about,
        ] {
            let url = try #require(router.shareLink(for: route))
            guard case .presentation(let presentation) = try link(url).resolved else {
                Issue.record("no presentation for \(url)")
                continue
            }
            let state = try NavigationState(GoldenURLs.main).applying(presentation)
            #expect(state.focusedScreen.route == route, "\(url)")
        }
    }

    @Test func aCustomSchemeRouterSharesWithItsOwnPrefix() throws {
        let router = try URLRouter(
            prefixes: ["notes://"], scenes: GoldenURLs.scenes, patterns: GoldenURLs.patterns, links: Self.links)
        #expect(router.shareLink(for: .note(id: 1)) == "notes://notes/1")
    }
}

/// The trie's precedence and backtracking (URLS.md §3.3).
@Suite struct LinkPrecedenceTests {
    enum Kind: Hashable, Sendable {
        case constant
        case integer(Int)
        case uuid(UUID)
        case bool(Bool)
        case double(Double)
        case sort(SortOrder)
        case string(String)
        case rest(String)
    }

    static let links = DeepLinks<GoldenRoute> {
        DeepLink("p/{rest...}") { (rest: String) in .push(.search(query: "rest:" + rest, page: 1, sort: nil)) }
        DeepLink("p/{s}") { (s: String) in .push(.search(query: "string:" + s, page: 1, sort: nil)) }
        DeepLink("p/{o}") { (o: SortOrder) in .push(.search(query: "sort:" + o.rawValue, page: 1, sort: nil)) }
        DeepLink("p/{d}") { (d: Double) in .push(.search(query: "double:\(d)", page: 1, sort: nil)) }
        DeepLink("p/{b}") { (b: Bool) in .push(.search(query: "bool:\(b)", page: 1, sort: nil)) }
        DeepLink("p/{u}") { (u: UUID) in .push(.search(query: "uuid:" + u.urlComponent, page: 1, sort: nil)) }
        DeepLink("p/{i}") { (i: Int) in .push(.search(query: "int:\(i)", page: 1, sort: nil)) }
        DeepLink("p/new") { .push(.search(query: "constant", page: 1, sort: nil)) }
        DeepLink("a/{id}/x") { (id: Int) in .push(.search(query: "int-x:\(id)", page: 1, sort: nil)) }
        DeepLink("a/{slug}/y") { (slug: String) in .push(.search(query: "string-y:" + slug, page: 1, sort: nil)) }
        DeepLink("notes/new/edit") { .push(.search(query: "new-edit", page: 1, sort: nil)) }
        DeepLink("notes/{slug}/share") { (slug: String) in .push(.search(query: "share:" + slug, page: 1, sort: nil)) }
    }

    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router(links: Self.links)
    }

    func query(_ url: String) throws -> String? { try GoldenURLs.searchQuery(of: url, in: router) }

    @Test func aSegmentTriesConstantsThenTypesThenStringThenCatchAll() throws {
        #expect(try query("notes://p/new") == "constant")
        #expect(try query("notes://p/12") == "int:12")
        #expect(
            try query("notes://p/E621E1F8-C36C-495A-93FC-0C247A3E6E5F") == "uuid:e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        #expect(try query("notes://p/true") == "bool:true")
        #expect(try query("notes://p/1.5") == "double:1.5")
        #expect(try query("notes://p/1e%2B3") == "double:1000.0")
        #expect(try query("notes://p/date") == "sort:date")
        #expect(try query("notes://p/hello") == "string:hello")
        #expect(try query("notes://p/99999999999999999999") == "double:1e+20")
        #expect(try query("notes://p/a/b") == "rest:a/b")
    }

    @Test func matchingBacktracksWhenALaterSegmentFails() throws {
        #expect(try query("notes://a/12/x") == "int-x:12")
        #expect(try query("notes://a/12/y") == "string-y:12")
        #expect(try query("notes://notes/new/edit") == "new-edit")
        #expect(try query("notes://notes/new/share") == "share:new")
    }

    @Test func overlapsThatPrecedenceResolvesAreListed() {
        #expect(router.diagnostics.contains(.overlappingLinks(preferred: "p/new", other: "p/{s}")))
        #expect(router.diagnostics.contains(.overlappingLinks(preferred: "p/{i}", other: "p/{d}")))
        #expect(
            router.diagnostics.contains(.overlappingLinks(preferred: "notes/new/edit", other: "notes/{slug}/share")))
        #expect(!router.diagnostics.contains(.overlappingLinks(preferred: "p/new", other: "p/{i}")))
    }

    @Test func linksOfTheSameShapeAreAConfigurationError() {
        #expect(throws: URLConfigurationError(problems: [.duplicateLink(pattern: "x/{b}", existing: "x/{a}")])) {
            try GoldenURLs.router(
                links: DeepLinks {
                    DeepLink("x/{a}") { (a: String) in .push(.search(query: a, page: 1, sort: nil)) }
                    DeepLink("x/{b}") { (b: String) in .push(.search(query: b, page: 2, sort: nil)) }
                })
        }
    }

    @Test func aFailedMatchTriesEveryChildOnceAndFails() throws {
        let router = try GoldenURLs.router(
            links: DeepLinks {
                DeepLink("w/{a}/{b}/end") { (a: Int, b: Int) in .push(.detail(a + b)) }
                DeepLink("w/{a}/{b}/fin") { (a: String, b: String) in .push(.search(query: a + b, page: 1, sort: nil)) }
            })
        var ids = SequentialElementIDs()
        #expect(
            deepLinkError { () throws(DeepLinkError) in _ = try router.parse("notes://w/1/2/none", ids: &ids) }
                == .noMatchingLink(path: "w/1/2/none"))
        guard case .link(let match) = try router.parse("notes://w/1/2/fin", ids: &ids) else { return }
        #expect(match.pattern == "w/{a}/{b}/fin")
    }
}
