import Foundation
import Testing

@testable import destinations_inspector

@Suite struct GraphDrawingTests {
    static func edge(_ from: String, _ to: String, _ event: String = "go", _ presentation: String = "push") -> [String:
        Any]
    {
        ["from": from, "to": to, "event": event, "presentation": presentation]
    }

    /// The same event into the same route from many routes is drawn once, from a node that
    /// names them; several events between two routes share one edge.
    @Test func repeatedEdgesAreFolded() throws {
        let sources = ["a", "b", "c", "d"]
        let edges =
            sources.map { Self.edge($0, "signIn", "signOut", "replaceRoot") } + [
                Self.edge("a", "b", "one"), Self.edge("a", "b", "two"),
            ]
        let drawing = GraphDrawing(["routes": sources + ["signIn"], "entryRoutes": ["a"], "edges": edges])
        #expect(drawing.edges.count == 2)
        #expect(drawing.edges[0].pairs.map(\.from) == sources && drawing.edges[0].labels == ["signOut: replaceRoot"])
        #expect(drawing.edges[1].labels == ["one: push", "two: push"])
        #expect(drawing.nodes.last?.name == "4 routes")
        let dot = try #require(drawing.dot)
        #expect(dot.components(separatedBy: "->").count - 1 == 2)
    }

    /// Two events folded from the same routes share one box: no identical "4 routes" boxes
    /// side by side.
    @Test func foldsOfTheSameRoutesShareOneBox() throws {
        let sources = ["a", "b", "c", "d"]
        let edges =
            sources.map { Self.edge($0, "signIn", "signOut", "replaceRoot") }
            + sources.map { Self.edge($0, "help", "help", "sheet") }
        let drawing = GraphDrawing(["routes": sources + ["signIn", "help"], "edges": edges])
        #expect(drawing.nodes.filter { !$0.sources.isEmpty }.count == 1)
        #expect(drawing.edges.count == 2)
        let dot = try #require(drawing.dot)
        let fold = try #require(drawing.nodes.first { !$0.sources.isEmpty })
        #expect(dot.components(separatedBy: "\(fold.id) -> ").count - 1 == 2)
    }

    /// A long route name is drawn over several short lines (its tooltip keeps it whole), so
    /// that the graph does not collapse into a strip.
    @Test func longNamesAreDrawnOverLines() throws {
        let long = "accountSettingsNotificationPreferencesDetail"
        let drawing = GraphDrawing(["routes": [long, "b"], "edges": [Self.edge(long, "b")]])
        let dot = try #require(drawing.dot)
        let label = try #require(dot.split(separator: "\n").first { $0.contains("tooltip=\"\(long)\"") })
        #expect(label.contains(#"label="accountSettings\nNotificationPreferences\nDetail""#), "\(label)")
        #expect(GraphDrawing.wrapped(long).split(separator: "\n").allSatisfy { $0.count <= GraphDrawing.lineLength })
        #expect(GraphDrawing.wrapped("short") == "short")
    }

    /// Names are quoted by the hub: no name can add attributes (a URL) or end the graph.
    @Test func namesCannotInjectDOT() throws {
        let hostile = #"x" URL="http://evil.example" a="\"#
        let drawing = GraphDrawing(["routes": [hostile, "y\n}"], "edges": [Self.edge(hostile, "y\n}", "e\"];")]])
        let dot = try #require(drawing.dot)
        #expect(!dot.contains(#"URL="http"#))
        #expect(dot.contains(#"\"http://evil.example\""#))
        // Only the graph's own end.
        #expect(dot.split(separator: "\n").filter { $0.contains("}") && !$0.hasPrefix("  ") }.count == 1)
    }

    /// A graph past the limits is not drawn, and says why.
    @Test func aGraphTooLargeIsNotDrawn() {
        let routes = (0..<600).map { "r\($0)" }
        let edges = (0..<2_400).map { Self.edge("r\($0 % 600)", "r\(($0 * 7) % 600)", "e\($0)") }
        let drawing = GraphDrawing(["routes": routes, "edges": edges])
        #expect(drawing.dot == nil)
        #expect(drawing.tooLarge?.contains("600 routes and 2400 edges") == true)
    }

    /// The hello of an app with a graph too large returns at once, and pages learn why there
    /// is no drawing.
    @Test func anAppWithAGraphTooLargeConnects() async throws {
        let hub = Hub(graphviz: Graphviz())
        let edges = (0..<2_400).map {
            #"{"from":"r\#($0 % 600)","to":"r\#(($0 * 7) % 600)","event":"e\#($0)","presentation":"push"}"#
        }
        let hello =
            #"{"type":"hello","app":"big","pid":1,"graph":{"routes":[],"edges":[\#(edges.joined(separator: ","))]}}"#
        let (id, _) = try await hub.opened(hello)
        let snapshot = try #require(JSONText.object(await hub.snapshot()))
        let graph = try #require(
            (snapshot["sessions"] as? [[String: Any]])?.first { $0["session"] as? Int == id }?["graph"]
                as? [String: Any])
        #expect((graph["note"] as? String)?.hasPrefix("not drawn:") == true)
        #expect(await hub.runsOfGraphviz == 0)
    }
}

@Suite struct GraphvizTests {
    /// A stand-in for `dot` that never finishes.
    func slowDot() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspector-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("dot").path
        try "#!/bin/sh\nexec sleep 30\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// `dot` that runs past its time is ended, and says so.
    @Test(.timeLimit(.minutes(1))) func aRunPastItsTimeIsEnded() async throws {
        let graphviz = Graphviz(executable: try slowDot(), timeLimit: .seconds(1))
        let result = await graphviz.svg("digraph {}", session: 1)
        #expect(result == .failure(.timedOut(.seconds(1))) || result == .failure(.failed(124)))
        #expect(await graphviz.runs == 0)
    }

    /// One run per session: a newer graph ends the older run; stopping the server ends all.
    @Test(.timeLimit(.minutes(1))) func aSessionRunsOneAtATimeAndStopEndsAll() async throws {
        let graphviz = Graphviz(executable: try slowDot(), timeLimit: .seconds(20))
        async let first = graphviz.svg("digraph {}", session: 1)
        while await graphviz.runs == 0 { await Task.yield() }
        async let second = graphviz.svg("digraph {}", session: 1)
        #expect(await first == .failure(.superseded))
        while await graphviz.runs == 0 { await Task.yield() }
        await graphviz.stopAll()
        #expect(await second != .success(""))
        #expect(await graphviz.runs == 0)
        #expect(await graphviz.svg("digraph {}", session: 2) == .failure(.notInstalled))
    }

    /// Whether the real `dot` is installed, or required (`INSPECTOR_REQUIRE_GRAPHVIZ`, which
    /// the browser test's script sets after installing Graphviz): required, it fails if missing.
    static let realGraphviz =
        Graphviz.find("dot") != nil || ProcessInfo.processInfo.environment["INSPECTOR_REQUIRE_GRAPHVIZ"] != nil

    /// The real `dot` draws the hub's DOT with the ids pages map back.
    @Test(
        .enabled(
            if: realGraphviz, "Graphviz's dot is not installed (Inspector/Scripts/install-test-deps.sh installs it)"))
    func realGraphvizDrawsTheIds() async throws {
        let graphviz = Graphviz()
        try #require(graphviz.executable != nil, "dot is required (INSPECTOR_REQUIRE_GRAPHVIZ) but not installed")
        let drawing = GraphDrawing(["routes": ["a", "b"], "edges": [GraphDrawingTests.edge("a", "b")]])
        let svg = try await graphviz.svg(try #require(drawing.dot), session: 1).get()
        #expect(svg.contains(#"id="n0""#) && svg.contains(#"id="e0""#))
    }
}
