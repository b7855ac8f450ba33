extension NavigationState: CustomStringConvertible {
    /// The state as an indented tree; see ``rendered(ids:)``.
    public var description: String { rendered() }

    /// Renders the state as an indented tree, one element a line, the focused screen marked:
    ///
    /// ```
    /// tabs #1 (selected: notes)
    ///   [notes] stack #2
    ///     notes #3
    ///     note(id: 1) #7
    ///       sheet: editNote(id: 1) #8 ◀
    ///   [settings] stack #4
    ///     settings #5
    /// ```
    ///
    /// The rendering is stable: the same state always renders the same text, so it suits
    /// transcripts and golden files.
    ///
    /// - Parameter ids: Whether to print element ids.
    public func rendered(ids: Bool = true) -> String {
        var lines: [String] = []
        let focus = focusedScreen.id
        render(root, label: "", depth: 0, focus: focus, ids: ids, into: &lines)
        return lines.joined(separator: "\n")
    }

    private func render(
        _ node: NavigationNode<Route>,
        label: String,
        depth: Int,
        focus: ElementID,
        ids: Bool,
        into lines: inout [String]
    ) {
        let indent = String(repeating: "  ", count: depth)
        let id = ids ? " \(node.id)" : ""
        switch node.content {
        case .screen(let route):
            lines.append("\(indent)\(label)\(route)\(id)\(node.id == focus ? " ◀" : "")")
        case .stack(let stack):
            lines.append("\(indent)\(label)stack\(id)")
            for element in stack.elements {
                render(element, label: "", depth: depth + 1, focus: focus, ids: ids, into: &lines)
            }
        case .tabs(let tabs):
            var extras = ""
            if !tabs.hidden.isEmpty {
                extras += ", hidden: \(tabs.hidden.map(\.rawValue).sorted().joined(separator: " "))"
            }
            for action in tabs.actions { extras += ", action \(action.id) at \(action.placement)" }
            lines.append("\(indent)\(label)tabs\(id) (selected: \(tabs.selection)\(extras))")
            for tab in tabs.tabs {
                render(tab.node, label: "[\(tab.id)] ", depth: depth + 1, focus: focus, ids: ids, into: &lines)
            }
        case .split(let split):
            let kind = split.isSideColumn ? "side column" : "\(split.columns.count) columns"
            let primary = split.isSideColumn ? "" : split.primary.map { ", primary \($0)" } ?? ""
            let folded = split.isCollapsed ? ", collapsed" : ""
            lines.append("\(indent)\(label)split\(id) (\(kind)\(primary)\(folded))")
            for column in split.columns {
                if let child = split[column] {
                    render(child, label: "[\(column)] ", depth: depth + 1, focus: focus, ids: ids, into: &lines)
                } else {
                    lines.append("\(indent)  [\(column)] empty")
                }
            }
        }
        if let modal = node.modal {
            render(modal.node, label: "\(modal.style): ", depth: depth + 1, focus: focus, ids: ids, into: &lines)
        }
    }
}
