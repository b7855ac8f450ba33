import Destinations
import DestinationsURLs
import Testing

/// Behaviour of the URL engine that a new user meets first: equivalent spellings, parameter
/// names, tab placement and scene kinds of links.
@Suite struct URLEngineBehaviourTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router()
    }

    func parse(_ url: String, with router: URLRouter<GoldenRoute>? = nil) throws(DeepLinkError) -> ParsedURL<
        GoldenRoute
    > {
        var ids = SequentialElementIDs()
        return try (router ?? self.router).parse(url, ids: &ids, limits: .trusted)
    }

    func error(_ url: String) -> DeepLinkError? {
        deepLinkError { () throws(DeepLinkError) in _ = try parse(url) }
    }

    // RFC 3986 §2.3: an escaped unreserved character is the character.
    @Test func percentEncodedUnreservedCharactersMatchKeywords() throws {
        let plain = try parseState(router, "notes://window/notes/note/12/search/swift(page=2)")
        #expect(try parseState(router, "notes://window/%6Eotes/n%6fte/12/se%61rch/swift(p%61ge=2)") == plain)
        #expect(try router.stateURL(for: plain, scene: "window") == "notes://window/notes/note/12/search/swift(page=2)")
        guard case .link(let match) = try parse("notes://n%6Fte/12") else { throw URLTestFailure.notALink("n%6Fte") }
        #expect(match.resolved == .presentation(.push(.note(id: 12))))
    }

    /// Split column names and tab labels are read as keywords are: an escaped unreserved
    /// character is the character, and an escaped reserved one names no column.
    @Test func escapedUnreservedCharactersInColumnNamesAndTabLabelsAreTheCharacters() throws {
        let prefix = "notes://main/notes/notes/!sheet/"
        let plain = try parseState(router, prefix + "*tabs(a:home,@b:*split2(sidebar:*screen/menu,detail:content/4))")
        let escaped = prefix + "*tabs(%61:home,@b:*split2(s%69debar:*screen/menu,d%65tail:content/4))"
        #expect(try parseState(router, escaped) == plain)
        let reserved = prefix + "*tabs(a:home,@b:*split2(sidebar:*screen/menu,de%2Ftail:content/4))"
        guard case .unknownColumn(let name, _) = error(reserved) else {
            Issue.record("\(String(describing: error(reserved)))")
            return
        }
        #expect(name == "de%2Ftail")
    }

    /// A positional value that starts with a byte no value has is malformed there, not missing;
    /// a value left out before the next component is missing.
    @Test func aValueThatStartsWithAByteNoValueHasIsMalformedNotMissing() {
        #expect(error("notes://main/notes/note/+7") == .malformed(.unexpectedByte(UInt8(ascii: "+")), offset: 24))
        #expect(error("notes://note/+7") == .malformed(.unexpectedByte(UInt8(ascii: "+")), offset: 13))
        #expect(error("notes://main/notes/note/") == .missingParameter(route: "note", name: "id"))
        #expect(error("notes://main/notes/note/!sheet/home") == .missingParameter(route: "note", name: "id"))
        // No `/` after the keyword: the value is missing, whatever follows.
        #expect(error("notes://main/notes/notes/note(x=1)") == .missingParameter(route: "note", name: "id"))
        #expect(error("notes://main/*stack/note,about") == .missingParameter(route: "note", name: "id"))
        #expect(
            error("notes://main/notes(settings:settings/note,counter:counter)/notes")
                == .missingParameter(route: "note", name: "id"))
    }

    @Test func anEscapedReservedCharacterNeverMatchesAKeyword() {
        #expect(error("notes://window/notes/n%2Fte/12") == .unknownRoute(keyword: "n%2Fte", offset: 21))
        #expect(error("notes://window/%4Eotes") == .unknownRoute(keyword: "%4Eotes", offset: 15))
    }

    @Test func aParameterNameInAnotherCaseIsAnUnknownParameter() {
        #expect(error("notes://window/notes/search/swift(Page=2)") == .unknownParameter(route: "search", name: "Page"))
        #expect(
            error("notes://window/notes/search/swift(page=2,SORT=date)")
                == .unknownParameter(route: "search", name: "SORT"))
    }

    // MARK: Tab placement

    /// A router whose `counter` pattern opens in the counter tab, whose root it is.
    func counterRouter() throws -> URLRouter<GoldenRoute> {
        let patterns =
            GoldenURLs.patterns.patterns.filter { $0.keyword != "counter" }
            + [RoutePattern("counter", .counter, access: .external, placement: .inTab(.counterTab))]
        return try URLRouter(prefixes: ["notes://"], scenes: GoldenURLs.scenes, patterns: RoutePatterns(patterns))
    }

    @Test func aLinkToATabsRootSelectsTheTabAndPopsToIt() throws {
        let router = try counterRouter()
        guard case .link(let match) = try parse("notes://counter", with: router),
            case .presentation(let presentation) = match.resolved
        else { throw URLTestFailure.notALink("counter") }
        var state = try NavigationState(GoldenURLs.main)
        for _ in 0..<2 {
            state = try state.applying(presentation)
            #expect(state.stack(inTab: .counterTab)?.elements.map(\.route) == [.counter])
            #expect(state.focusedScreen.route == .counter)
        }
        state = try state.applying(.push(.about))
        #expect(try state.applying(presentation).stack(inTab: .counterTab)?.elements.map(\.route) == [.counter])
    }

    @Test func aLinkPlacedInATabPushesARouteThatIsNotItsRoot() throws {
        guard case .link(let match) = try parse("notes://licenses"),
            case .presentation(let presentation) = match.resolved
        else { throw URLTestFailure.notALink("licenses") }
        let state = try NavigationState(GoldenURLs.main).applying(presentation)
        #expect(state.stack(inTab: .settingsTab)?.elements.map(\.route) == [.settings, .licenses])
    }

    // MARK: Scene kinds

    @Test func aLinkOpensInTheSceneKindItNames() throws {
        let links = DeepLinks<GoldenRoute> {
            DeepLink("open/{id}", scene: "window") { (id: Int) in .push(.note(id: id)) }
            DeepLink("prefs", scene: "window") { .state("notes/note/3") }
            DeepLink("inbox") { .push(.notes) }
        }
        let router = try GoldenURLs.router(links: links)
        guard case .link(let open) = try parse("notes://open/7", with: router),
            case .link(let prefs) = try parse("notes://prefs", with: router),
            case .link(let inbox) = try parse("notes://inbox", with: router)
        else { throw URLTestFailure.notALink("open") }
        #expect(open.scene == "window")
        #expect(inbox.scene == "main")
        guard case .state(let state) = prefs.resolved else { throw URLTestFailure.notAState("prefs") }
        #expect(prefs.scene == "window")
        #expect(try router.stateURL(for: state, scene: "window") == "notes://window/notes/note/3")
    }

    @Test func aLinkThatNamesItsSceneKindOpensOnlyInAFlowOfThatKind() throws {
        let links = DeepLinks<GoldenRoute> {
            DeepLink("open/{id}", scene: "window") { (id: Int) in .push(.note(id: id)) }
            DeepLink("inbox") { .push(.notes) }
        }
        let router = try GoldenURLs.router(links: links)
        #expect(throws: DeepLinkError.wrongScene(expected: "main", found: "window")) {
            try router.request(for: "notes://open/7", scene: "main", source: .app)
        }
        #expect(throws: Never.self) { try router.request(for: "notes://open/7", scene: "window", source: .app) }
        #expect(throws: Never.self) { try router.request(for: "notes://inbox", scene: "desk", source: .app) }
    }

    @Test func aLinkToAnUnknownSceneKindIsAConfigurationError() {
        let links = DeepLinks<GoldenRoute> {
            DeepLink("open/{id}", scene: "tablet") { (id: Int) in .push(.note(id: id)) }
        }
        #expect(throws: URLConfigurationError(problems: [.unknownLinkScene(pattern: "open/{id}", scene: "tablet")])) {
            try GoldenURLs.router(links: links)
        }
    }

    @Test func externalStateURLsNamingAnUnknownSceneKindAreAConfigurationError() {
        #expect(throws: URLConfigurationError(problems: [.unknownScene("attic")])) {
            try URLRouter(
                prefixes: ["notes://"], scenes: GoldenURLs.scenes, patterns: GoldenURLs.patterns,
                externalStateURLs: ["main", "attic"])
        }
    }
}
