import Destinations
import DestinationsURLs
import Testing

/// Server of the signed-in account, read by a link from the flow's environment.
struct SignedInServer: Sendable {
    let host: String
}

/// A side column prints and reads back as a state URL, a launch link lands in the main content
/// and not the side column, and a link reads the flow's environment.
@MainActor
@Suite struct SideColumnURLTests {
    static let social: Layout<GoldenRoute> = .sideColumn(.stack(.list), beside: GoldenURLs.main)

    static func router(links: DeepLinks<GoldenRoute> = DeepLinks([])) throws -> URLRouter<GoldenRoute> {
        try URLRouter(
            prefixes: ["notes://"], scenes: [SceneKind("social", layout: social)], patterns: GoldenURLs.patterns,
            links: links)
    }

    static func flow(links: DeepLinks<GoldenRoute> = DeepLinks([]), environment: FlowEnvironment = FlowEnvironment())
        throws -> FlowURLs<GoldenRoute>
    {
        var configuration = FlowConfiguration(layout: social, providers: URLFlows.providers())
        configuration.environment = environment
        return try FlowURLs(Flow(configuration), router: router(links: links), scene: "social")
    }

    @Test func aLaunchLinkLandsInTheMainContentNotTheSideColumn() throws {
        let urls = try Self.flow(links: URLFlows.links)
        try urls.open("notes://n/12")
        #expect(urls.flow.state.focusedScreen.route == .note(id: 12))
        #expect(urls.flow.state.stack(inTab: .notesTab)?.elements.map(\.route) == [.notes, .note(id: 12)])
        #expect(urls.flow.state.root.split?.detail?.stack?.elements.map(\.route) == [.list])
    }

    @Test func aSideColumnStateWithBothColumnsChangedPrintsAndReadsBack() throws {
        let urls = try Self.flow()
        try urls.flow.apply(.push(.note(id: 3)))
        let side = try #require(urls.flow.state.root.split?.detail?.stack?.elements.last)
        try urls.flow.apply(.setStack([.list, .detail(4)]), from: side.id)
        let url = try urls.stateURL
        let read = try parseState(Self.router(), url)
        #expect(read.isEquivalent(to: urls.flow.state), "\(url)")
        #expect(read.root.split?.isSideColumn == true)
        #expect(read.root.focusedColumn == .sidebar)
    }

    @Test func openingAStateURLWhileFoldedKeepsTheSideColumnFolded() throws {
        let urls = try Self.flow()
        try urls.flow.apply(.changedWidth(isCompact: true, split: urls.flow.state.root.id))
        try urls.flow.apply(.push(.note(id: 3)))
        let url = try urls.stateURL
        try urls.flow.apply(.back)
        try urls.open(url, source: .app)
        #expect(urls.flow.state.focusedScreen.route == .note(id: 3))
        #expect(urls.flow.state.root.split?.isCollapsed == true, "the width is the window's, not the URL's")
    }

    @Test func aSplitWithADeclaredPrimaryColumnOutsideTheLayoutKeepsItInItsMarkedForm() throws {
        let router = try GoldenURLs.router()
        let inner: Layout<GoldenRoute> = .sideColumn(.stack(.list), beside: .stack(.notes, .note(id: 1)))
        var ids = SequentialElementIDs()
        let state = try NavigationState(GoldenURLs.window.presenting(inner), ids: &ids)
        let url = try router.stateURL(for: state, scene: "window")
        #expect(url.contains("@sidebar:"), "\(url)")
        let read = try parseState(router, url)
        #expect(read.isEquivalent(to: state), "\(url)")
    }

    @Test func aLinkReadsTheFlowsEnvironmentWithoutCapturingIt() throws {
        let links = DeepLinks<GoldenRoute> {
            DeepLink("server/{n}") { (environment: FlowEnvironment, n: Int) in
                .push(.detail(environment[SignedInServer.self]?.host == "social.example" ? n : -n))
            }
        }
        var environment = FlowEnvironment()
        environment.insert(SignedInServer(host: "social.example"))
        let urls = try Self.flow(links: links, environment: environment)
        try urls.open("notes://server/5")
        #expect(urls.flow.state.focusedScreen.route == .detail(5))
    }
}
