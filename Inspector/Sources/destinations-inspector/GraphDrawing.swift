import Foundation

/// An app's flow graph as the hub draws it: the hub writes the DOT itself from the graph's
/// names and edges (an app's own DOT is never run, so no app can put links or markup in the
/// drawing), folds repeated edges, and gives each drawn node and edge an id (`n3`, `e7`) that
/// pages map back to route names.
struct GraphDrawing {
    /// The most routes and edges drawn; a larger graph is shown as text with ``tooLarge``.
    static let nodeLimit = 400
    static let edgeLimit = 1_600
    /// Edges with the same event and target from at least this many routes are drawn once,
    /// from a node that names them.
    static let foldSources = 3

    struct Node {
        let id: String
        let name: String
        var entry = false
        var sources: [String] = []
    }

    struct Edge {
        let id: String
        /// The routes it stands for: one, or those a folded edge gathers.
        var pairs: [(from: String, to: String)]
        var labels: [String]
        var observed: Bool
    }

    private(set) var nodes: [Node] = []
    private(set) var edges: [Edge] = []
    /// Why the graph is not drawn: too many routes or edges.
    private(set) var tooLarge: String?

    init(_ graph: [String: Any]) {
        let routes = graph["routes"] as? [String] ?? []
        let entries = Set(graph["entryRoutes"] as? [String] ?? [])
        let raw: [(from: String, to: String, label: String, observed: Bool)] =
            (graph["edges"] as? [[String: Any]] ?? []).compactMap { edge in
                guard let from = edge["from"] as? String, let to = edge["to"] as? String else { return nil }
                let observed = edge["observed"] as? Bool ?? false
                let label =
                    "\(edge["event"] as? String ?? ""): \(edge["presentation"] as? String ?? "")"
                    + (observed ? " (observed)" : "")
                return (from, to, label, observed)
            }
        var names: [String] = []
        var seen: Set<String> = []
        for name in routes + raw.flatMap({ [$0.from, $0.to] }) where seen.insert(name).inserted { names.append(name) }
        guard names.count <= Self.nodeLimit, raw.count <= Self.edgeLimit else {
            tooLarge =
                "\(names.count) routes and \(raw.count) edges: more than the \(Self.nodeLimit) routes and \(Self.edgeLimit) edges drawn"
            return
        }
        for name in names {
            nodes.append(Node(id: "n\(nodes.count)", name: name, entry: entries.contains(name)))
        }
        // Many routes with the same event to the same target (sign out from every screen): one
        // edge from a node that lists them.
        var bySourceless: [String: [Int]] = [:]
        for (i, edge) in raw.enumerated() { bySourceless["\(edge.to)\u{0}\(edge.label)", default: []].append(i) }
        var folded: Set<Int> = []
        var order: [(key: String, members: [Int])] = []
        for (i, edge) in raw.enumerated() {
            let key = "\(edge.to)\u{0}\(edge.label)"
            guard let members = bySourceless[key], members.first == i,
                Set(members.map { raw[$0].from }).count >= Self.foldSources
            else { continue }
            order.append((key, members))
            folded.formUnion(members)
        }
        // Groups of the same routes share one folding node: no identical boxes side by side.
        var foldNodeOf: [[String]: Int] = [:]
        for (index, group) in order.enumerated() {
            let first = raw[group.members[0]]
            let sources = group.members.map { raw[$0].from }
            let key = Array(Set(sources)).sorted()
            if let node = foldNodeOf[key] {
                foldNodes[index] = node
            } else {
                foldNodeOf[key] = nodes.count
                foldNodes[index] = nodes.count
                nodes.append(Node(id: "n\(nodes.count)", name: "\(key.count) routes", sources: key))
            }
            edges.append(
                Edge(
                    id: "e\(edges.count)", pairs: sources.map { ($0, first.to) }, labels: [first.label],
                    observed: first.observed))
        }
        // Several events between the same two routes: one edge with every label.
        var pairIndex: [String: Int] = [:]
        for (i, edge) in raw.enumerated() where !folded.contains(i) {
            let key = "\(edge.from)\u{0}\(edge.to)"
            if let existing = pairIndex[key] {
                if !edges[existing].labels.contains(edge.label) { edges[existing].labels.append(edge.label) }
                edges[existing].observed = edges[existing].observed || edge.observed
            } else {
                pairIndex[key] = edges.count
                edges.append(
                    Edge(
                        id: "e\(edges.count)", pairs: [(edge.from, edge.to)], labels: [edge.label],
                        observed: edge.observed))
            }
        }
    }

    /// Folded edge `i` (the first ones) starts at node `foldNodes[i]`.
    private var foldNodes: [Int: Int] = [:]

    /// The DOT text: every name and label quoted and escaped by the hub.
    var dot: String? {
        guard tooLarge == nil else { return nil }
        var lines = [
            "digraph Flow {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\", fontsize=12];",
            // Edge labels as large as names, so that they read at the size the graph fits.
            "  edge [fontname=\"Helvetica\", fontsize=11];",
        ]
        var nodeOf: [String: String] = [:]
        for node in nodes where node.sources.isEmpty {
            nodeOf[node.name] = node.id
            var attributes = [
                "id=\(Self.quoted(node.id))", "label=\(Self.quoted(Self.wrapped(node.name)))",
                "tooltip=\(Self.quoted(node.name))",
            ]
            if node.entry { attributes.append("style=bold") }
            if node.name == "(run time)" { attributes.append(contentsOf: ["shape=ellipse", "style=dashed"]) }
            lines.append("  \(node.id) [\(attributes.joined(separator: ", "))];")
        }
        for node in nodes where !node.sources.isEmpty {
            let tooltip = node.sources.joined(separator: ", ")
            lines.append(
                "  \(node.id) [id=\(Self.quoted(node.id)), label=\(Self.quoted(node.name)), tooltip=\(Self.quoted(tooltip)), shape=note, style=dashed, fontsize=11];"
            )
        }
        for (i, edge) in edges.enumerated() {
            guard let to = edge.pairs.first.flatMap({ nodeOf[$0.to] }) else { continue }
            let from: String
            if let fold = foldNodes[i] {
                from = nodes[fold].id
            } else if let source = edge.pairs.first.flatMap({ nodeOf[$0.from] }) {
                from = source
            } else {
                continue
            }
            let labels = edge.labels.map(Self.wrapped)
            let label =
                labels.count > 3
                ? labels.prefix(2).joined(separator: "\n") + "\n+\(labels.count - 2) more"
                : labels.joined(separator: "\n")
            var attributes = [
                "id=\(Self.quoted(edge.id))", "label=\(Self.quoted(label))",
                "tooltip=\(Self.quoted(edge.labels.joined(separator: ", ")))",
            ]
            if edge.observed { attributes.append("color=blue") }
            if edge.pairs.first?.to == "(run time)" { attributes.append("style=dashed") }
            lines.append("  \(from) -> \(to) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// What pages need to match drawn ids to route names.
    var legend: [String: Any] {
        [
            "nodes": nodes.map { ["id": $0.id, "name": $0.name, "sources": $0.sources] as [String: Any] },
            "edges": edges.map { edge in
                ["id": edge.id, "pairs": edge.pairs.map { [$0.from, $0.to] }, "labels": edge.labels] as [String: Any]
            },
        ]
    }

    /// The longest line of a drawn name or label; a longer one is broken over lines, so that a
    /// long route name makes a taller box, not a graph as wide as a strip.
    static let lineLength = 24

    /// Text broken into lines of at most ``lineLength`` characters, after a `.`, `,`, `:`,
    /// `(` or space, or before a capital (camel case), where it can; the full text stays in
    /// the tooltip.
    static func wrapped(_ text: String) -> String {
        guard text.count > lineLength else { return text }
        var lines: [String] = []
        var line = ""
        var breakAt: String.Index?
        for character in text {
            if line.count >= lineLength {
                if let breakAt, breakAt > line.startIndex {
                    lines.append(String(line[..<breakAt]))
                    line = String(line[breakAt...])
                } else {
                    lines.append(line)
                    line = ""
                }
                breakAt = nil
            }
            if character.isUppercase, !line.isEmpty { breakAt = line.endIndex }
            line.append(character)
            if ".,:( ".contains(character) { breakAt = line.endIndex }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// A DOT string literal of any text: quotes and backslashes escaped, line breaks as `\n`,
    /// control characters left out.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<", ">": out += scalar == "<" ? "‹" : "›"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
