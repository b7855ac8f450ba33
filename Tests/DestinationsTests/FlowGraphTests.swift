import Destinations
import NotesApp
import Testing

@MainActor
@Suite struct FlowGraphTests {
    let graph = FlowGraph(
        NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))

    @Test func fixedPresentationsBecomeEdgesToTheirRoutes() {
        let edge = FlowGraph<AppRoute>.Edge(from: "settings", to: "about", event: "about", presentation: "push")
        #expect(graph.edges.contains(edge))
        #expect(graph.edges.contains { $0.from == "about" && $0.to == "licenses" })
        #expect(graph.edges.contains { $0.from == "settings" && $0.to == "signIn" && $0.presentation == "replaceRoot" })
    }

    @Test func assistantsBecomeDashedEdgesToTheRunTimeNode() {
        let select = graph.edges.first { $0.from == "notes" && $0.event == "select" }
        #expect(select?.to == FlowGraph<AppRoute>.dynamicTarget)
        #expect(select?.presentation == "assistant(Note)")
        #expect(graph.dot().contains("\"notes\" -> \"(run time)\" [label=\"select: assistant(Note)\", style=dashed];"))
    }

    @Test func theLayoutsRoutesAreTheEntries() {
        #expect(graph.entryRoutes == ["notes", "settings", "counter"])
    }

    @Test func routesOnlyAnAssistantReachesAreListedAsUnreachable() {
        #expect(graph.unreachableRoutes.contains("noteCard"))
        #expect(!graph.unreachableRoutes.contains("licenses"))
        #expect(!graph.unreachableRoutes.contains("signIn"))
    }

    @Test func aRouteWithoutAProviderIsReportedAndDrawnInRed() {
        let full = NotesAppConfiguration.providers(datasource: NotesDatasource())
        let partial = Providers<AppRoute> { route in route == .licenses ? nil : full.provider(for: route) }
        let graph = FlowGraph(NotesAppConfiguration.layout, providers: partial)
        #expect(graph.missingProviders == ["licenses"])
        #expect(graph.dot().contains("\"licenses\" [color=red"))
        #expect(graph.mermaid().contains("(no provider)"))
    }

    @Test func mermaidDrawsEveryEdgeOnce() {
        let arrows = graph.mermaid().split(separator: "\n").filter { $0.contains("-->") || $0.contains("-.->") }
        #expect(arrows.count == graph.edges.count)
    }
}

/// A home screen whose own code opens a welcome sheet, and whose view opens settings.
enum GraphRoute: NavigationRoute, Codable, CaseIterable {
    case home, welcome, settings
}

@MainActor final class GraphHome: Destination, OwnEvents {
    enum Event: Hashable, Sendable, CaseIterable { case showWelcome, openSettings }
    static let ownEvents: Set<Event> = [.showWelcome]
    let context = DestinationContext<GraphRoute, Event>()
}

@MainActor final class GraphLeaf: Destination {
    enum Event: Hashable, Sendable { case close }
    let context = DestinationContext<GraphRoute, Event>()
}

@MainActor
@Suite struct FlowGraphOwnEventTests {
    let graph: FlowGraph<GraphRoute> = {
        let home = Provider { (_: GraphRoute) in
            GraphHome()
        } events: { events in
            events.on(.showWelcome, .present(.sheet(.welcome)))
            events.on(.openSettings, .present(.push(.settings)))
        }
        let leaf = Provider { (_: GraphRoute) in
            GraphLeaf()
        } events: { events in
            events.on(.close, .present(.dismiss))
        }
        return FlowGraph(.stack(.home), providers: Providers { route in route == .home ? home : leaf })
    }()

    @Test func anOwnEventsEdgeIsMarkedAsSentFromCode() {
        let welcome = graph.edges.first { $0.event == "showWelcome" }
        #expect(
            welcome
                == FlowGraph<GraphRoute>.Edge(
                    from: "home", to: "welcome", event: "showWelcome", presentation: "sheet", isOwnEvent: true))
        #expect(graph.edges.first { $0.event == "openSettings" }?.isOwnEvent == false)
        #expect(graph.dot().contains("\"home\" -> \"welcome\" [label=\"showWelcome (own): sheet\", style=dotted];"))
        #expect(graph.mermaid().contains("-.->|\"showWelcome (own): sheet\"|"))
    }

    @Test func aRouteOnlyAnOwnEventReachesIsReachableButListedAsReachedOnlyFromCode() {
        #expect(!graph.unreachableRoutes.contains("welcome"))
        #expect(graph.unreachableRoutes.isEmpty)
        #expect(graph.routesReachedOnlyByOwnEvents == ["welcome"])
    }
}

/// What guards' redirects show, in a graph built from the whole configuration.
enum GateRoute: NavigationRoute, CaseIterable { case home, account, signIn }

@MainActor final class GateScreen: Destination {
    enum Event: Hashable, Sendable { case openAccount }
    let context = DestinationContext<GateRoute, Event>()
}

@MainActor
@Suite struct FlowGraphGuardTests {
    static func configuration(redirects: [GateRoute]) -> FlowConfiguration<GateRoute> {
        let providers = Providers<GateRoute> { route in
            switch route {
            case .home:
                Provider { _ in
                    GateScreen()
                } events: {
                    $0.on(.openAccount, .present(.push(.account)))
                }
            case .account, .signIn: Provider { _ in GateScreen() }
            }
        }
        let signedIn = NavigationGuard<GateRoute>("signedIn", redirects: redirects) { change in
            change.added.contains(.account) ? .redirect(.sheet(.signIn)) : .allow
        }
        return FlowConfiguration(layout: .stack(.home), providers: providers, guards: [signedIn])
    }

    @Test func aRouteOnlyAGuardsDeclaredRedirectShowsIsReached() {
        let graph = FlowGraph(Self.configuration(redirects: [.signIn]))
        #expect(graph.unreachableRoutes.isEmpty, "\(graph.unreachableRoutes)")
        #expect(graph.guardNodes == ["(guard signedIn)"])
        #expect(
            graph.edges.contains(
                .init(from: "(guard signedIn)", to: "signIn", event: "signedIn", presentation: "redirect")))
        #expect(graph.dot().contains("\"(guard signedIn)\" -> \"signIn\" [label=\"signedIn: redirect\"];"))
        #expect(graph.mermaid().contains("([\"(guard signedIn)\"])"))
    }

    @Test func withoutTheDeclarationTheRouteIsListedAsUnreachable() {
        let undeclared = FlowGraph(Self.configuration(redirects: []))
        #expect(undeclared.unreachableRoutes == ["signIn"] && undeclared.guardNodes.isEmpty)
        let configuration = Self.configuration(redirects: [.signIn])
        let layoutOnly = FlowGraph(configuration.layout, providers: configuration.providers)
        #expect(layoutOnly.unreachableRoutes == ["signIn"], "the layout and providers alone know no guard")
    }
}
