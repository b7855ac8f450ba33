extension Presentation: CustomStringConvertible {
    /// The presentation as code would write it, for logs, transcripts and the inspector:
    /// `push(.note(id: 12))`, `present(.screen(.editNote(id: 1)), style: sheet[large])`,
    /// `path([selectTab(settings), push(.about)])`.
    public var description: String {
        switch self {
        case .push(let route): "push(\(route.readableDescription))"
        case .back: "back"
        case .popToRoot: "popToRoot"
        case .popTo(let route): "popTo(\(route.readableDescription))"
        case .popAbove(let id): "popAbove(\(id))"
        case .setStack(let routes): "setStack([\(routes.map { $0.readableDescription }.joined(separator: ", "))])"
        case .selectTab(let tab): "selectTab(\(tab))"
        case .presentInTab(let tab, let route): "presentInTab(\(tab), \(route.readableDescription))"
        case .insertTab(let item, let position):
            "insertTab(\(item.id)\(item.actionStyle == nil ? "" : " action")\(position.map { ", at: \($0)" } ?? ""))"
        case .removeTab(let tab): "removeTab(\(tab))"
        case .moveTab(let tab, let position): "moveTab(\(tab), to: \(position))"
        case .arrangeTabs(let arrangement):
            "arrangeTabs(\(arrangement.order.map(\.rawValue)), hidden: \(arrangement.hidden.map(\.rawValue).sorted()))"
        case .show(let route, let column): "show(\(route.readableDescription), in: \(column))"
        case .showNext(let route): "showNext(\(route.readableDescription))"
        case .present(let layout, let style): "present(\(layout), style: \(style))"
        case .dismiss: "dismiss"
        case .dismissPresented: "dismissPresented"
        case .dismissAll: "dismissAll"
        case .replaceCurrent(let route): "replaceCurrent(\(route.readableDescription))"
        case .replaceRoot(let layout): "replaceRoot(\(layout))"
        case .path(let steps): "path([\(steps.map { $0.description }.joined(separator: ", "))])"
        case .custom(let custom): "custom(\(custom.name))"
        }
    }
}

extension UserAction: CustomStringConvertible {
    /// The action as code would write it: `popped(stack: #2, to: #3)`,
    /// `movedSheet(to: medium, modal: #9)`.
    public var description: String {
        switch self {
        case .popped(let stack, let top): "popped(stack: \(stack), to: \(top))"
        case .dismissed(let modal): "dismissed(modal: \(modal))"
        case .selectedTab(let tab, let tabs): "selectedTab(\(tab), tabs: \(tabs))"
        case .arrangedTabs(let arrangement, let tabs):
            "arrangedTabs(\(arrangement.order.map(\.rawValue)), hidden: \(arrangement.hidden.map(\.rawValue).sorted()), tabs: \(tabs))"
        case .tappedTabAction(let item, let tabs): "tappedTabAction(\(item), tabs: \(tabs))"
        case .closedColumn(let node): "closedColumn(showing: \(node))"
        case .movedSheet(let detent, let modal): "movedSheet(to: \(detent), modal: \(modal))"
        case .changedWidth(let compact, let split): "changedWidth(isCompact: \(compact), split: \(split))"
        }
    }
}
