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
