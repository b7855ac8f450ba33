import Destinations
import DestinationsURLs
import Testing

/// Relative paths (URLS.md §5.1), resolved against the screen that sends them.
@Suite struct RelativePathTests {
    let router: URLRouter<GoldenRoute>
    /// `main` with the notes tab at `[notes, note 12, note 13]`.
    let state: NavigationState<GoldenRoute>
    let notes, note12, note13: ElementID

    init() throws {
        router = try GoldenURLs.router()
        state = try NavigationState(GoldenURLs.main).applying(.path([.push(.note(id: 12)), .push(.note(id: 13))]))
        notes = try #require(state.screens.first { $0.route == .notes }).id
        note12 = try #require(state.screens.first { $0.route == .note(id: 12) }).id
        note13 = try #require(state.screens.first { $0.route == .note(id: 13) }).id
    }

    func resolve(_ path: String, in state: NavigationState<GoldenRoute>? = nil, from anchor: ElementID)
        throws(DeepLinkError)
        -> NavigationTarget<GoldenRoute>
    {
        var ids = SequentialElementIDs(startingAt: 100)
        return try router.resolve(relative: path, in: state ?? self.state, scene: "main", from: anchor, ids: &ids)
    }

    /// The state URL after applying `path` from `anchor`.
    func url(after path: String, in state: NavigationState<GoldenRoute>? = nil, from anchor: ElementID) throws -> String
    {
        let state = state ?? self.state
        guard case .presentation(let presentation) = try resolve(path, in: state, from: anchor) else {
            throw URLTestFailure.notALink(path)
        }
        return try router.stateURL(for: state.applying(presentation, from: anchor), scene: "main")
    }

    @Test func dotIsTheAnchorItself() throws {
        #expect(try resolve(".", from: note13) == .presentation(.path([])))
        #expect(try url(after: ".", from: note13) == "notes://main/notes/notes/note/12/note/13")
    }

    @Test func aRoutePushesAboveTheAnchor() throws {
        #expect(
            try resolve("note/14", from: note13) == .presentation(.path([.popAbove(note13), .push(.note(id: 14))])))
        #expect(try url(after: "note/14", from: note12) == "notes://main/notes/notes/note/12/note/14")
        #expect(try url(after: "note/1/about", from: note13) == "notes://main/notes/notes/note/12/note/13/note/1/about")
    }

    @Test func dotDotIsTheScreenBelow() throws {
        #expect(try resolve("..", from: note13) == .presentation(.popAbove(note12)))
        #expect(try resolve("../..", from: note13) == .presentation(.popAbove(notes)))
        #expect(
            try resolve("../note/20", from: note13) == .presentation(.path([.popAbove(note12), .push(.note(id: 20))])))
        #expect(try url(after: "../note/20", from: note13) == "notes://main/notes/notes/note/12/note/20")
        #expect(try url(after: "../", from: note13) == "notes://main/notes/notes/note/12")
    }

    @Test func aTrailingSlashAfterARouteIsAccepted() throws {
        #expect(try resolve("note/14/", from: note13) == resolve("note/14", from: note13))
        #expect(try resolve("../note/20/", from: note13) == resolve("../note/20", from: note13))
        #expect(try resolve("./!sheet/edit/12/", from: note13) == resolve("./!sheet/edit/12", from: note13))
        #expect(deepLinkError { () throws(DeepLinkError) in _ = try resolve("note/14//", from: note13) } != nil)
    }

    @Test func aStackMarkerEndingThePathIsRefusedNotTrapped() {
        #expect(
            deepLinkError { () throws(DeepLinkError) in _ = try resolve("!sheet+large/*stack/", from: note13) }
                == .malformed(.unexpectedEnd, offset: 20))
    }

    @Test func climbingAboveATabsRootStackStopsAtTheRoot() throws {
        #expect(try resolve("../../..", from: note13) == .presentation(.popAbove(notes)))
        #expect(try resolve("../../../../..", from: note13) == .presentation(.popAbove(notes)))
        #expect(try resolve("..", from: notes) == .presentation(.path([])))
        #expect(try url(after: "../../../../note/5", from: note13) == "notes://main/notes/notes/note/5")
    }

    @Test func dotSegmentsInsideAPathAreRemovedAsRFC3986Does() throws {
        #expect(try resolve("note/1/./about", from: note13) == resolve("note/1/about", from: note13))
        #expect(try resolve("note/1/../2", from: note13) == resolve("note/2", from: note13))
        #expect(try resolve("about/../note/2", from: note13) == resolve("note/2", from: note13))
        #expect(try resolve("./note/2/.", from: note13) == resolve("note/2/", from: note13))
        #expect(try resolve("note/1/../..", from: note13) == resolve(".", from: note13))
        #expect(try resolve("note/1/../../..", from: note13) == resolve("..", from: note13))
        #expect(try resolve("%2E%2E/note/20", from: note13) == resolve("../note/20", from: note13))
        #expect(try resolve("./!sheet/./edit/12", from: note13) == resolve("!sheet/edit/12", from: note13))
        #expect(try url(after: "../note/4/../../note/5/.", from: note13) == "notes://main/notes/notes/note/12/note/5")
        // Segments, not routes: `note/4/..` leaves `note`.
        #expect(
            deepLinkError { () throws(DeepLinkError) in _ = try resolve("note/4/../note/5", from: note13) }
                == .invalidParameter(route: "note", name: "id", expected: "Int", offset: 10))
    }

    @Test func theEmptyPathIsTheAnchorItself() throws {
        #expect(try resolve("", from: note13) == resolve(".", from: note13))
        #expect(try url(after: "", from: note13) == "notes://main/notes/notes/note/12/note/13")
    }

    @Test func anErrorAfterARemovedDotSegmentNamesTheByteAsWritten() {
        func error(_ path: String) -> DeepLinkError? {
            deepLinkError { () throws(DeepLinkError) in _ = try resolve(path, from: note13) }
        }
        #expect(error("./note/../note/x") == .invalidParameter(route: "note", name: "id", expected: "Int", offset: 15))
        #expect(error("../nowhere") == .unknownRoute(keyword: "nowhere", offset: 3))
        #expect(error("/./settings/./nowhere") == .unknownRoute(keyword: "nowhere", offset: 14))
    }

    @Test func dotDotAtAModalsRootDismissesIt() throws {
        let sheet = try state.applying(.path([.sheetStack(.editNote(id: 12)), .push(.about)]), from: note12)
        let edit = try #require(sheet.screens.first { $0.route == .editNote(id: 12) }).id
        let about = try #require(sheet.screens.first { $0.route == .about }).id
        #expect(try resolve("..", in: sheet, from: about) == .presentation(.popAbove(edit)))
        #expect(try resolve("..", in: sheet, from: edit) == .presentation(.dismiss))
        #expect(try resolve("../..", in: sheet, from: about) == .presentation(.dismiss))
        #expect(try resolve("../../..", in: sheet, from: about) == .presentation(.path([.dismiss, .popAbove(notes)])))
        #expect(try url(after: "../../..", in: sheet, from: about) == "notes://main")
        #expect(try url(after: "../../note/5", in: sheet, from: about) == "notes://main/notes/notes/note/12/note/5")
        let screenSheet = try state.applying(.sheet(.home), from: note13)
        let home = try #require(screenSheet.screens.first { $0.route == .home }).id
        #expect(try resolve("..", in: screenSheet, from: home) == .presentation(.dismiss))
    }

    @Test func aModalIsPresentedFromTheAnchor() throws {
        #expect(
            try resolve("./!sheet/edit/12", from: note13)
                == .presentation(.present(.screen(.editNote(id: 12)), style: .sheet)))
        #expect(
            try url(after: "!sheet+large/*stack/edit/13/about/!alert/confirm", from: note13)
                == "notes://main/notes/notes/note/12/note/13/!sheet+large/*stack/edit/13/about/!alert/confirm")
        #expect(
            try url(after: "../note/2/!cover/login", from: note13)
                == "notes://main/notes/notes/note/12/note/2/!cover/login")
    }

    @Test func anAbsolutePathIsAStateToMerge() throws {
        var ids = SequentialElementIDs()
        guard
            case .state(let target) = try router.resolve(
                relative: "/settings/settings/about", in: state, scene: "main", from: note13, ids: &ids)
        else {
            Issue.record("not a state")
            return
        }
        // The notes tab, which the path leaves out, keeps its stack.
        #expect(
            try router.stateURL(for: target, scene: "main")
                == "notes://main/settings(notes:notes/note/12/note/13)/settings/about")
    }

    @Test func aMalformedRelativePathIsRefused() {
        func error(_ path: String) -> DeepLinkError? {
            deepLinkError { () throws(DeepLinkError) in _ = try resolve(path, from: note13) }
        }
        #expect(error("note/x") == .invalidParameter(route: "note", name: "id", expected: "Int", offset: 5))
        #expect(error("note/1/../x") == .invalidParameter(route: "note", name: "id", expected: "Int", offset: 10))
        #expect(error("...") == .unknownRoute(keyword: "...", offset: 0))
        #expect(error("!alert/confirm/!sheet/home") == .malformed(.overlayCannotPresent, offset: 15))
        #expect(error("!alert/*stack/confirm") == .malformed(.overlayNeedsScreen, offset: 7))
        #expect(error("!sheet/*tabs(a:home)") == .malformed(.unknownMarker, offset: 7))
        #expect(error("about/(x)") == .malformed(.unexpectedByte(0x28), offset: 6))
        var ids = SequentialElementIDs()
        #expect(
            deepLinkError { () throws(DeepLinkError) in
                _ = try router.resolve(relative: "..", in: state, scene: "main", from: ElementID(999), ids: &ids)
            } == .navigation(.unknownElement(ElementID(999))))
    }

    @Test func aModalStackWithNoRouteBeforeTheTrailingSlashIsRefused() {
        func error(_ path: String) -> DeepLinkError? {
            deepLinkError { () throws(DeepLinkError) in _ = try resolve(path, from: note13) }
        }
        #expect(error("!cover/*stack/") == .malformed(.unexpectedEnd, offset: 14))
        #expect(error("./!sheet/*stack/") == .malformed(.unexpectedEnd, offset: 16))
    }
}

/// Waypoints (URLS.md §5.2): the state URL cut at a screen on the focus chain.
@Suite struct WaypointTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router()
    }

    @Test func aWaypointCutsTheURLAtItsScreen() throws {
        let examples = try StateURLGoldenTests.examples()
        let seven = examples[6].2
        let edit = try #require(seven.screens.first { $0.route == .editNote(id: 12) }).id
        let note = try #require(seven.screens.first { $0.route == .note(id: 12) }).id
        #expect(
            try router.stateURL(for: seven, scene: "main", upTo: edit)
                == "notes://main/notes/notes/note/12/!sheet+medium+large+@medium/*stack/edit/12")
        #expect(try router.stateURL(for: seven, scene: "main", upTo: note) == "notes://main/notes/notes/note/12")
        let nine = examples[8].2
        let twelve = try #require(nine.screens.first { $0.route == .note(id: 12) }).id
        let thirteen = try #require(nine.screens.first { $0.route == .note(id: 13) }).id
        #expect(try router.stateURL(for: nine, scene: "main", upTo: twelve) == "notes://main/notes/notes/note/12")
        #expect(throws: URLPrintError.notAWaypoint(thirteen)) {
            try router.stateURL(for: nine, scene: "main", upTo: thirteen)
        }
    }

    @Test func aScreenOffTheFocusIsNoWaypoint() throws {
        let three = try StateURLGoldenTests.examples()[2].2
        let about = try #require(three.screens.first { $0.route == .about }).id
        #expect(throws: URLPrintError.notAWaypoint(about)) {
            try router.stateURL(for: three, scene: "main", upTo: about)
        }
        #expect(throws: URLPrintError.notAWaypoint(three.root.id)) {
            try router.stateURL(for: three, scene: "main", upTo: three.root.id)
        }
    }

    @Test func parsingAWaypointFocusesItsRoute() throws {
        var random = RandomURLStates(seed: 5)
        var checked = 0
        for _ in 0..<fuzzIterations(30) {
            for state in random.walk(from: try NavigationState(GoldenURLs.main), steps: 20) {
                let full = try router.stateURL(for: state, scene: "main")
                for screen in state.screens {
                    guard let url = try? router.stateURL(for: state, scene: "main", upTo: screen.id) else { continue }
                    let parsed = try parseState(router, url)
                    #expect(parsed.focusedScreen.route == screen.route, "\(url)")
                    if !full.contains("*") && !state.hasScreenAbovePresenter {
                        #expect(full.hasPrefix(url), "\(url) is not a prefix of \(full)")
                    }
                    checked += 1
                }
                #expect(try router.stateURL(for: state, scene: "main", upTo: state.focusedScreen.id) == full)
            }
        }
        #expect(checked > 300)
    }
}

extension NavigationState {
    /// Whether a stack has a screen pushed above one that presents (under its modal).
    var hasScreenAbovePresenter: Bool {
        nodes.contains { node in
            if case .stack(let stack) = node.content { return stack.elements.dropLast().contains { $0.modal != nil } }
            return false
        }
    }
}
