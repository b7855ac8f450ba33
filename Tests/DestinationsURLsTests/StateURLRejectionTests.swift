import Destinations
import DestinationsURLs
import Testing

/// The rejection cases of URLS.md §10 that parsing decides: each URL is refused with exactly
/// this error and byte offset. Parsing is pure, so a refused URL changes nothing.
@Suite struct StateURLRejectionTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router()
    }

    func error(_ url: String, limits: URLLimits? = nil) -> DeepLinkError? {
        var ids = SequentialElementIDs()
        return deepLinkError { () throws(DeepLinkError) in _ = try router.parse(url, ids: &ids, limits: limits) }
    }

    /// The byte offset of the first `marker` in `url`, counted from `after` bytes in.
    func offset(of marker: String, in url: String, after: Int = 0) -> Int {
        let bytes = Array(url.utf8)
        let needle = Array(marker.utf8)
        for start in after...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            return start
        }
        return -1
    }

    // MARK: Input syntax and size

    @Test func aURLOverTheByteLimitIsRefusedFirst() {
        let url = "notes://window/notes/search/" + String(repeating: "a", count: 4_097 - 28)
        #expect(url.utf8.count == 4_097)
        #expect(error(url) == .tooLong(bytes: 4_097, limit: 4_096))
        #expect(error("ftp://" + String(repeating: "a", count: 5_000)) == .tooLong(bytes: 5_006, limit: 4_096))
    }

    @Test func moreThan128SegmentsAreRefused() {
        let url = "notes://window/notes" + String(repeating: "/about", count: 128)
        #expect(error(url) == .tooManySegments(count: 129, limit: 128))
    }

    @Test func aSegmentOverItsLimitIsRefused() {
        let url = "notes://window/notes/search/" + String(repeating: "a", count: 1_025)
        #expect(error(url) == .segmentTooLong(bytes: 1_025, limit: 1_024, offset: 28))
    }

    @Test func nestingDeeperThan16IsRefused() {
        let modals = "notes://window/notes" + String(repeating: "/!sheet/home", count: 16)
        #expect(error(modals) == .tooDeep(depth: 17, limit: 16))
        #expect(error("notes://window/notes" + String(repeating: "/!sheet/home", count: 15)) == nil)
        let groups = "notes://main/" + String(repeating: "(", count: 17) + "notes" + String(repeating: ")", count: 17)
        #expect(error(groups) == .tooDeep(depth: 17, limit: 16))
    }

    @Test func moreThan64ScreensAreRefused() {
        let url = "notes://window/notes" + String(repeating: "/about", count: 64)
        #expect(error(url) == .tooManyScreens(count: 65, limit: 64))
        #expect(error(url, limits: .trusted) == nil)
    }

    @Test(arguments: ["%", "%G1", "%0", "a%", "a%2"])
    func aBrokenPercentEscapeIsRefusedAtItsPercent(value: String) {
        let url = "notes://window/notes/search/" + value
        #expect(error(url) == .malformed(.percentEncoding, offset: offset(of: "%", in: url, after: 27)))
    }

    @Test func percentEncodedBytesThatAreNotUTF8AreRefused() {
        #expect(error("notes://window/notes/search/%C3%28") == .invalidUTF8(offset: 31))
        #expect(error("notes://window/notes/search/a%C3") == .invalidUTF8(offset: 29))
        #expect(error("notes://window/notes/search/%ED%A0%80") == .invalidUTF8(offset: 31))
        #expect(error("notes://window/notes/search/%C0%80") == .invalidUTF8(offset: 28))
    }

    @Test func controlCharactersAreRefusedRawOrEncoded() {
        #expect(error("notes://window/notes/search/%00") == .malformed(.controlCharacter, offset: 28))
        #expect(error("notes://window/notes/search/a%1Fb") == .malformed(.controlCharacter, offset: 29))
        #expect(error("notes://window/notes/search/a\u{1}b") == .malformed(.controlCharacter, offset: 29))
        #expect(error("notes://window/notes/search/a b") == .malformed(.unexpectedByte(0x20), offset: 29))
    }

    @Test func rawNonASCIIBytesAreRefusedInAStateURL() {
        #expect(error("notes://window/notés") == .malformed(.rawNonASCII, offset: 18))
        #expect(error("notes://window/notes/search/é") == .malformed(.rawNonASCII, offset: 28))
    }

    @Test(arguments: [".", "..", "%2e", "%2E", ".%2E", "%2e%2e", "%2E."])
    func dotSegmentsAreRefusedInAnySpelling(segment: String) {
        #expect(error("notes://window/notes/search/" + segment) == .malformed(.dotSegment, offset: 28))
        #expect(error("notes://window/notes/" + segment + "/about") == .malformed(.dotSegment, offset: 21))
    }

    @Test func emptySegmentsAreRefused() {
        #expect(error("notes://window/notes//about") == .malformed(.emptySegment, offset: 21))
        #expect(error("notes://window//notes") == .malformed(.emptySegment, offset: 15))
    }

    @Test func aUserNameBeforeTheHostIsRefused() {
        #expect(error("https://evil@notes.example.com/main") == .malformed(.userInfo, offset: 12))
        #expect(error("notes://evil@main/notes") == .malformed(.userInfo, offset: 12))
    }

    @Test(arguments: [
        "ftp://notes.example.com/main", "https://evil.example.com/main", "https://notes.example.com:8443/main",
        "https://notes.example.com.evil.com/main", "notes:/main", "main", "",
    ])
    func anUnknownSchemeOrHostIsRefused(url: String) {
        #expect(error(url) == .unknownPrefix)
    }

    @Test func unbalancedParenthesesAreRefused() {
        #expect(error("notes://main/notes(settings:settings") == .malformed(.unbalancedParenthesis, offset: 36))
        #expect(error("notes://main/notes)") == .malformed(.unbalancedParenthesis, offset: 18))
    }

    @Test func inputAfterTheRootIsRefused() {
        #expect(error("notes://main/*stack/sign-in,about") == .malformed(.trailingInput, offset: 27))
    }

    @Test func aStateURLCarriesNoQueryOrFragment() {
        #expect(error("notes://main/notes?tab=1") == .unexpectedQuery)
        #expect(error("notes://main#top") == .unexpectedQuery)
        #expect(error("notes://main?") == .unexpectedQuery)
    }

    // MARK: Scene and tree shape

    @Test func anUnknownSceneIsNoStateURL() {
        #expect(error("notes://mian/notes") == .noMatchingLink(path: "mian/notes"))
        var ids = SequentialElementIDs()
        #expect(
            deepLinkError { () throws(DeepLinkError) in
                _ = try router.parseState(path: "notes", scene: "mian", ids: &ids)
            }
                == .unknownScene("mian"))
    }

    @Test func anUnknownTabColumnOrKeywordIsRefusedAtItsOffset() {
        #expect(error("notes://main/inbox") == .unknownTab("inbox", offset: 13))
        #expect(error("notes://main/notes(inbox:home)") == .unknownTab("inbox", offset: 19))
        #expect(error("notes://desk/content/note/1") == .unknownColumn("content", offset: 13))
        #expect(error("notes://window/notes/nowhere") == .unknownRoute(keyword: "nowhere", offset: 21))
        #expect(error("notes://window/Notes") == .unknownRoute(keyword: "Notes", offset: 15))
    }

    @Test func aSidebarCannotBeEmptied() {
        #expect(error("notes://desk/detail(sidebar:*none)/note/1") == .malformed(.missingSidebar, offset: 28))
        #expect(
            error("notes://main/notes/notes/!sheet/*split2(detail:home)") == .malformed(.missingSidebar, offset: 51))
    }

    @Test func aMemberNamedTwiceIsRefused() {
        #expect(
            error("notes://main/notes(settings:settings/about,settings:about)")
                == .malformed(.duplicateMember, offset: 43))
        #expect(error("notes://main/notes(notes:notes/about)") == .malformed(.duplicateMember, offset: 19))
        #expect(error("notes://window/notes/!sheet/*tabs(a:home,a:list)") == .malformed(.duplicateMember, offset: 41))
    }

    @Test func twoSelectedTabsAreRefused() {
        #expect(
            error("notes://window/notes/!sheet/*tabs(@a:home,@b:list)") == .malformed(.duplicateSelection, offset: 42))
    }

    @Test func anAlertHoldsOneScreenThatPresentsNothing() {
        #expect(error("notes://window/notes/!alert/*stack/confirm") == .malformed(.overlayNeedsScreen, offset: 28))
        #expect(error("notes://window/notes/!dialog/*tabs(a:home)") == .malformed(.overlayNeedsScreen, offset: 29))
        #expect(
            error("notes://window/notes/!alert/confirm/!sheet/home") == .malformed(.overlayCannotPresent, offset: 36))
    }

    @Test func aModalNeedsContent() {
        #expect(error("notes://window/notes/!sheet") == .malformed(.missingModalContent, offset: 27))
        #expect(error("notes://window/notes/!sheet/") == .malformed(.missingModalContent, offset: 27))
        #expect(error("notes://window/notes/!popover/home") == .malformed(.unknownModalStyle, offset: 22))
    }

    @Test func contentAfterABareModalIsRefused() {
        #expect(
            error("notes://main/notes/notes/note/12/!sheet/edit/12/note/13") == .malformed(.trailingInput, offset: 47))
    }

    @Test func aSecondModalOnOneScreenIsRefused() {
        #expect(error("notes://window/notes/!sheet(home)/!cover/list") == .malformed(.secondModal, offset: 34))
    }

    @Test func anUnknownMarkerIsRefused() {
        #expect(error("notes://window/*list/notes") == .malformed(.unknownMarker, offset: 15))
        #expect(error("notes://window/*none") == .malformed(.unknownMarker, offset: 15))
    }

    // MARK: Parameters

    @Test func aRouteWithTooFewOrTooManyValuesIsRefused() {
        #expect(error("notes://window/notes/note") == .missingParameter(route: "note", name: "id"))
        #expect(error("notes://window/notes/note/!sheet/home") == .missingParameter(route: "note", name: "id"))
        #expect(error("notes://window/notes/note/1/2") == .unknownRoute(keyword: "2", offset: 28))
    }

    @Test func anIntegerOutOfRangeIsRefused() {
        #expect(
            error("notes://window/notes/note/99999999999999999999")
                == .invalidParameter(route: "note", name: "id", expected: "Int", offset: 26))
        #expect(
            error("notes://window/notes/note/012")
                == .invalidParameter(route: "note", name: "id", expected: "Int", offset: 26))
        #expect(
            error("notes://window/notes/search/q(page=x)")
                == .invalidParameter(route: "search", name: "page", expected: "Int", offset: 35))
        #expect(
            error("notes://window/notes/search/q(sort=size)")
                == .invalidParameter(route: "search", name: "sort", expected: "Optional<SortOrder>", offset: 35))
    }

    @Test(arguments: ["1.5", "0", "0.0", "-0.5", "0pt", "-3pt", "nan", "inf", "1e999pt", "huge", "@", "@huge"])
    func aSheetDetentOutsideItsRangeIsRefused(option: String) {
        #expect(error("notes://window/notes/!sheet+\(option)/home") == .malformed(.sheetOption, offset: 28))
    }

    @Test func conflictingSheetOptionsAreRefused() {
        #expect(error("notes://window/notes/!sheet+grabber+nograbber/home") == .malformed(.sheetOption, offset: 36))
        #expect(error("notes://window/notes/!sheet+@large+@medium/home") == .malformed(.sheetOption, offset: 35))
    }

    @Test func anUnknownOrDuplicateNamedParameterIsRefused() {
        #expect(error("notes://window/notes/search/q(color=red)") == .unknownParameter(route: "search", name: "color"))
        #expect(
            error("notes://window/notes/search/q(page=2,page=3)") == .duplicateParameter(route: "search", name: "page"))
        #expect(error("notes://window/notes/about(page=2)") == .unknownParameter(route: "about", name: "page"))
    }

    @Test(arguments: ["$x", "$...", "a$", "$.x"])
    func anUnknownEscapeIsRefused(value: String) {
        let url = "notes://window/notes/search/" + value
        #expect(error(url) == .malformed(.escape, offset: offset(of: "$", in: url)))
    }
}

/// What the parser accepts beyond the canonical form, and how it normalises it.
@Suite struct StateURLNormalisationTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router()
    }

    func canonical(_ url: String, scene: String) throws -> String {
        let state = try parseState(router, url)
        let printed = try router.stateURL(for: state, scene: scene)
        #expect(try router.stateURL(for: parseState(router, printed), scene: scene) == printed)
        return printed
    }

    @Test func redundantMarkersAreDropped() throws {
        #expect(try canonical("notes://window/*stack/notes/note/1", scene: "window") == "notes://window/notes/note/1")
        #expect(
            try canonical("notes://main/notes/*stack/notes/note/1", scene: "main") == "notes://main/notes/notes/note/1")
        #expect(
            try canonical("notes://window/notes/!sheet/*screen/home", scene: "window")
                == "notes://window/notes/!sheet/home")
    }

    @Test func anyColumnMayBeTheLabel() throws {
        #expect(try canonical("notes://desk/sidebar(detail:note/12)", scene: "desk") == "notes://desk/detail/note/12")
        #expect(try canonical("notes://desk/sidebar", scene: "desk") == "notes://desk")
    }

    @Test func sideMembersAndNamedParametersMayComeInAnyOrder() throws {
        #expect(
            try canonical(
                "notes://main/notes(counter:counter/about,settings:settings/about)/notes/note/1", scene: "main")
                == "notes://main/notes(settings:settings/about,counter:counter/about)/notes/note/1")
        #expect(
            try canonical("notes://window/notes/search/q(sort=date,page=2)", scene: "window")
                == "notes://window/notes/search/q(page=2,sort=date)")
        #expect(
            try canonical("notes://window/notes/search/q(page=1)", scene: "window") == "notes://window/notes/search/q")
    }

    @Test func lowerCaseHexAndATrailingSlashAreAccepted() throws {
        #expect(
            try canonical("notes://window/notes/search/a%2fb/", scene: "window") == "notes://window/notes/search/a%2Fb")
        #expect(try canonical("notes://main/", scene: "main") == "notes://main")
        #expect(try canonical("NOTES://Main/notes/notes/note/1", scene: "main") == "notes://main/notes/notes/note/1")
    }

    @Test func aKeywordAliasParsesToItsRoute() throws {
        #expect(try canonical("notes://window/preferences", scene: "window") == "notes://window/settings")
    }

    @Test func modalContentInParenthesesAtTheEndOfAGroupIsAccepted() throws {
        #expect(
            try canonical("notes://main/notes/notes/note/12/!sheet(edit/12)", scene: "main")
                == "notes://main/notes/notes/note/12/!sheet/edit/12")
        #expect(try canonical("notes://window/(notes)", scene: "window") == "notes://window")
    }

    @Test func anEmptiedColumnPrintsAsNone() throws {
        #expect(
            try canonical("notes://fixture/inbox/sidebar(detail:*none)", scene: "fixture")
                == "notes://fixture/inbox/content(detail:*none)")
        #expect(
            try canonical("notes://fixture/inbox/detail(content:*none)", scene: "fixture")
                == "notes://fixture/inbox/detail(content:*none)")
    }

    @Test func aContainerThatPresentsIsWrapped() throws {
        let state = try NavigationState(GoldenURLs.window)
        var presenting = state
        presenting = try presenting.applying(.sheet(.home), from: state.root.id)
        #expect(try router.stateURL(for: presenting, scene: "window") == "notes://window/(notes)/!sheet/home")
        let main = try NavigationState(GoldenURLs.main).applying(.fullScreenCover(.login), from: ElementID(1))
        #expect(try router.stateURL(for: main, scene: "main") == "notes://main/(notes)/!cover/login")
        #expect(try parseState(router, "notes://main/(notes)/!cover/login").isEquivalent(to: main))
    }

    @Test func theDefaultSelectionNeedsNoLabel() throws {
        #expect(try canonical("notes://main/notes", scene: "main") == "notes://main")
        #expect(try canonical("notes://main/settings", scene: "main") == "notes://main/settings")
    }
}

/// Printing fails only for what the grammar cannot carry.
@Suite struct URLPrintErrorTests {
    @Test func aRouteWithoutAPatternCannotBePrinted() throws {
        let patterns = GoldenURLs.patterns.patterns.filter { $0.keyword != "about" }
        let router = try URLRouter(
            prefixes: ["notes://"], scenes: [SceneKind("window", layout: GoldenURLs.window)],
            patterns: RoutePatterns(patterns))
        let state = try NavigationState(GoldenURLs.window).applying(.push(.about))
        #expect(throws: URLPrintError.noPattern(route: "about")) { try router.stateURL(for: state, scene: "window") }
    }

    @Test func anUnknownSceneCannotBePrinted() throws {
        let router = try GoldenURLs.router()
        #expect(throws: URLPrintError.unknownScene("nowhere")) {
            try router.stateURL(for: NavigationState(GoldenURLs.window), scene: "nowhere")
        }
    }

    @Test(arguments: [
        SheetDetent.fraction(0), .fraction(1.5), .fraction(-1), .height(0), .height(-2), .height(.infinity),
    ])
    func aDetentOutsideItsRangeCannotBePrinted(detent: SheetDetent) throws {
        let router = try GoldenURLs.router()
        let state = try NavigationState(GoldenURLs.window).applying(.sheet(.home, SheetOptions(detents: [detent])))
        #expect(throws: URLPrintError.invalidDetent(detent)) { try router.stateURL(for: state, scene: "window") }
    }

    @Test func extremeDetentsPrintWithoutAPlusAndParseBack() throws {
        let router = try GoldenURLs.router()
        let options = SheetOptions(detents: [
            .height(.greatestFiniteMagnitude), .fraction(.leastNonzeroMagnitude), .height(1e-300),
        ])
        let state = try NavigationState(GoldenURLs.window).applying(.sheet(.home, options))
        let url = try router.stateURL(for: state, scene: "window")
        #expect(url == "notes://window/notes/!sheet+1.7976931348623157e308pt+5e-324+1e-300pt/home")
        #expect(try parseState(router, url).isEquivalent(to: state))
    }
}
