import Destinations
import DestinationsURLs
import NotesApp
import Testing

/// The Notes example's URLs: its configuration validates and every route round-trips.
@MainActor
@Suite struct NotesURLTests {
    @Test func theNotesConfigurationValidates() throws {
        let router = try NotesAppConfiguration.makeRouter()
        #expect(router.validate(routes: AppRoute.allCases) == [])
        #expect(router.diagnostics == [])
    }

    @Test func everyNotesRouteRoundTripsThroughItsStateURL() throws {
        let router = try NotesAppConfiguration.makeRouter()
        let ids = [0, 1, -7, .max, .min]
        let routes: [AppRoute] =
            [.notes, .settings, .about, .licenses, .signIn, .counter]
            + ids.flatMap { [AppRoute.note(id: $0), .noteCard(id: $0), .editNote(id: $0), .deleteNote(id: $0)] }
        for route in routes {
            let state = try NavigationState(.stack(.notes)).applying(.push(route))
            let url = try router.stateURL(for: state, scene: "window")
            var generator = SequentialElementIDs()
            guard case .state(_, let parsed) = try router.parse(url, ids: &generator) else {
                Issue.record("\(url) is not a state URL")
                continue
            }
            #expect(parsed.isEquivalent(to: state), "\(url)")
            #expect(try router.stateURL(for: parsed, scene: "window") == url)
        }
    }

    @Test func theNotesLinksLeadIntoTheTabs() throws {
        let router = try NotesAppConfiguration.makeRouter()
        var generator = SequentialElementIDs()
        guard case .link(let match) = try router.parse("https://notes.example.com/notes/12/edit", ids: &generator),
            case .presentation(let presentation) = match.resolved
        else {
            Issue.record("not a link")
            return
        }
        let state = try NavigationState(NotesAppConfiguration.layout).applying(presentation)
        #expect(
            try router.stateURL(for: state, scene: "main") == "notes://main/notes/notes/note/12/!sheet+large/edit/12")
        #expect(router.shareLink(for: .note(id: 12)) == "https://notes.example.com/notes/12")
        #expect(router.shareLink(for: .licenses) == "https://notes.example.com/licenses")
        guard case .link(let licenses) = try router.parse("notes://licenses", ids: &generator),
            case .presentation(let path) = licenses.resolved
        else { return }
        let settings = try NavigationState(NotesAppConfiguration.layout).applying(path)
        #expect(try router.stateURL(for: settings, scene: "main") == "notes://main/settings/settings/about/licenses")
    }
}

/// The Notes example's private notes: a link while signed out signs in first, then lands.
@MainActor
@Suite struct NotesSignInTests {
    @Test func aLinkToAPrivateNoteWhileSignedOutLandsOnItAfterSignIn() throws {
        let session = NotesSession(signedIn: false)
        let flow = try Flow(
            FlowConfiguration(
                layout: NotesAppConfiguration.layout,
                providers: NotesAppConfiguration.providers(datasource: NotesDatasource())))
        let urls = try FlowURLs(flow, router: try NotesAppConfiguration.makeRouter(), scene: "main")
        flow.guards = [NotesAppConfiguration.signedInGuard(session)]
        #expect(
            try urls.open("https://notes.example.com/notes/2", source: .external(.universalLink))
                == .redirected(guard: "signedIn"))
        #expect(flow.focusedScreen.route == .signIn)
        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied, "the sign-in screen goes with the resumed link")
        #expect(flow.focusedScreen.route == .note(id: 2))
        #expect(throws: DeepLinkError.noMatchingLink(path: "about")) {
            try urls.open("notes://about", source: .external(.otherApp))
        }
    }
}
