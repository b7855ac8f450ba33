import Destinations
import DestinationsURLs
import Testing

/// The worked examples of URLS.md §4.4: each state prints as its URL, the URL parses back to
/// an equivalent state, and printing that state gives the URL again.
@Suite struct StateURLGoldenTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router()
    }

    static func examples() throws -> [(Int, String, NavigationState<GoldenRoute>, String)] {
        let main = try NavigationState(GoldenURLs.main)
        let desk = try NavigationState(GoldenURLs.desk)
        let window = try NavigationState(GoldenURLs.window)
        let fixture = try NavigationState(GoldenURLs.fixture)
        let note12: GoldenRoute = .note(id: 12)
        let options = SheetOptions(
            detents: [.medium, .fraction(0.25), .height(120)],
            selectedDetent: .medium,
            showsDragIndicator: true,
            interactiveDismissDisabled: true
        )
        // URLS.md's example 12 also kept a dialog open in the unselected tab; under the one
        // presentation chain (leaving a tab dismisses its modals) that state cannot exist.
        let noteSheet = try main.applying(.path([.push(note12), .sheet(.editNote(id: 12))]))
        var twelve = try fixture.applying(.present(.stack([.editor]), style: .sheet(options)), fromRoute: .menu)
        twelve = try twelve.applying(
            .path([.push(.detail(3)), .fullScreenCover(.login), .alert(.confirm)]), fromRoute: .editor)
        return [
            (1, "main", main, "notes://main"),
            (
                2, "main", try main.applying(.path([.selectTab(.settingsTab), .push(.about), .push(.licenses)])),
                "notes://main/settings/settings/about/licenses"
            ),
            (
                3, "main",
                try main.applying(
                    .path([.selectTab(.settingsTab), .push(.about), .selectTab(.notesTab), .push(note12)])),
                "notes://main/notes(settings:settings/about)/notes/note/12"
            ),
            (4, "desk", try desk.applying(.show(note12, in: .detail)), "notes://desk/detail/note/12"),
            (
                5, "desk",
                try desk.applying(
                    .path([
                        .push(.search(query: "café au lait", page: 2, sort: nil)), .show(note12, in: .detail),
                        .push(.editNote(id: 12)),
                    ])),
                "notes://desk/detail(sidebar:notes/search/caf%C3%A9%20au%20lait(page=2))/note/12/edit/12"
            ),
            (
                6, "main",
                try main.applying(.path([.push(note12), .sheet(.editNote(id: 12), SheetOptions(detents: [.large]))])),
                "notes://main/notes/notes/note/12/!sheet+large/edit/12"
            ),
            (
                7, "main",
                try main.applying(
                    .path([
                        .push(note12),
                        .present(
                            .stack([.editNote(id: 12)]),
                            style: .sheet(SheetOptions(detents: [.medium, .large], selectedDetent: .medium))),
                        .alert(.deleteNote(id: 12)),
                    ])),
                "notes://main/notes/notes/note/12/!sheet+medium+large+@medium/*stack/edit/12/!alert/delete/12"
            ),
            (
                8, "main",
                try main.applying(
                    .path([
                        .push(note12), .sheetStack(.editNote(id: 12)),
                        .push(.search(query: "a/b,c(d)", page: 1, sort: nil)),
                        .fullScreenCover(.signIn),
                    ])),
                "notes://main/notes/notes/note/12/!sheet/*stack/edit/12/search/a%2Fb%2Cc%28d%29/!cover/sign-in"
            ),
            (
                9, "main", try noteSheet.applying(.push(.note(id: 13)), fromRoute: note12),
                "notes://main/notes/notes/note/12/!sheet(edit/12)/note/13"
            ),
            (10, "main", try main.applying(.push(note12)), "notes://main/notes/notes/note/12"),
            (
                10, "window",
                try window.applying(.path([.push(.note(id: 7)), .push(.search(query: "todo", page: 3, sort: nil))])),
                "notes://window/notes/note/7/search/todo(page=3)"
            ),
            (11, "main", try main.applying(.replaceRoot(.stack(.signIn))), "notes://main/*stack/sign-in"),
            (
                12, "fixture", twelve,
                "notes://fixture/inbox/sidebar/menu/!sheet+medium+0.25+120.0pt+@medium+grabber+locked/*stack/editor/detail/3/!cover/login/!alert/confirm"
            ),
            (
                13, "main",
                try main.applying(
                    .present(
                        .tabs(
                            [
                                .tab("a", .stack(.home)),
                                .tab("b", .split(sidebar: .screen(.menu), detail: .stack(.content(4)))),
                            ], selected: "b"),
                        style: .sheet
                    )),
                "notes://main/notes/notes/!sheet/*tabs(a:home,@b:*split2(sidebar:*screen/menu,detail:content/4))"
            ),
        ]
    }

    @Test func everyWorkedExamplePrintsAsItsURL() throws {
        for (number, scene, state, url) in try Self.examples() {
            #expect(try router.stateURL(for: state, scene: scene) == url, "example \(number)")
        }
    }

    @Test func everyWorkedExampleParsesBackToAnEquivalentState() throws {
        for (number, _, state, url) in try Self.examples() {
            let parsed = try parseState(router, url)
            #expect(parsed.isEquivalent(to: state), "example \(number):\n\(parsed)\n---\n\(state)")
        }
    }

    @Test func printingAParsedWorkedExampleGivesTheSameURL() throws {
        for (number, scene, _, url) in try Self.examples() {
            #expect(try router.stateURL(for: parseState(router, url), scene: scene) == url, "example \(number)")
        }
    }

    @Test func theHTTPSPrefixNamesTheSceneInItsFirstSegment() throws {
        let parsed = try parseState(router, "https://notes.example.com/main/notes/notes/note/12")
        #expect(try router.stateURL(for: parsed, scene: "main") == "notes://main/notes/notes/note/12")
    }

    /// A modal off the focus path (a sheet in a tab that is not selected) is no state under
    /// one presentation chain: the parser refuses the URL where the modal starts.
    @Test func aModalOffTheFocusPathIsRefusedAtItsOffset() throws {
        var ids = SequentialElementIDs()
        let url = "notes://fixture/inbox(profile:settings/about/!dialog/choice)"
        let error = deepLinkError { () throws(DeepLinkError) in
            _ = try router.parse(url, ids: &ids, limits: .trusted)
        }
        let bang = url.utf8.firstIndex(of: UInt8(ascii: "!")).map {
            url.utf8.distance(from: url.utf8.startIndex, to: $0)
        }
        #expect(error == .malformed(.modalOffFocusPath, offset: try #require(bang)))
        #expect(ids.next() == ElementID(1), "a refused URL draws no ids")
    }
}
