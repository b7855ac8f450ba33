// Performance: the push-back, select-tab and sheet figures (a resumed change dismisses its modal first) (Benchmarks/README.md, "Figures").
extension NavigationTransaction {
    @usableFromInline mutating func run(_ action: UserAction<Route>) throws(NavigationError) {
        switch action {
        case .popped(let stackID, let top):
            let path = try pathToReported(stackID)
            guard case .stack(let stack) = try node(at: path).content else {
                throw .staleUserAction(.notAStack(stackID))
            }
            guard let depth = stack.elementsFromTop.enumerated().first(where: { $0.element.id == top })?.offset else {
                throw .staleUserAction(.notInStack(top, stack: stackID))
            }
            try pop(depth, fromStackAt: path)
        case .dismissed(let modalID):
            guard let path = path(to: modalID) else { throw .staleUserAction(.modalGone(modalID)) }
            guard path.last == .modal else { throw .staleUserAction(.notAModal(modalID)) }
            try removeModal(at: Array(path.dropLast()))
        case .selectedTab(let tab, let tabsID):
            let path = try pathToReported(tabsID)
            guard case .tabs(let tabs) = try node(at: path).content else { throw .staleUserAction(.notTabs(tabsID)) }
            guard let index = tabs.ids.firstIndex(of: tab) else { throw .unknownTab(tab, tabs: tabsID) }
            try select(index, ofTabsAt: path)
        case .arrangedTabs(let arrangement, let tabsID):
            let path = try pathToReported(tabsID)
            guard case .tabs = try node(at: path).content else { throw .staleUserAction(.notTabs(tabsID)) }
            try arrangeTabs(arrangement, ofTabsAt: path)
        case .tappedTabAction(let item, let tabsID):
            let path = try pathToReported(tabsID)
            guard case .tabs = try node(at: path).content else { throw .staleUserAction(.notTabs(tabsID)) }
            try runTabAction(item, ofTabsAt: path)
            return
        case .closedColumn(let shown):
            try closeColumn(showing: shown)
        case .movedSheet(let detent, let modalID):
            try moveSheet(modalID, to: detent)
        case .changedWidth(let compact, let splitID):
            try changeWidth(compact: compact, of: splitID)
        }
        anchor = _state.root.focusedID
    }

    /// The path to an element a report names; refused as stale when it is gone.
    func pathToReported(_ id: ElementID) throws(NavigationError) -> [NodeStep] {
        guard let path = path(to: id) else { throw .staleUserAction(.elementGone(id)) }
        return path
    }

    mutating func closeColumn(showing shown: ElementID) throws(NavigationError) {
        let shownPath = try pathToReported(shown)
        guard case .column(let column)? = shownPath.last else { throw .staleUserAction(.notAColumn(shown)) }
        let path = Array(shownPath.dropLast())
        let splitNode = try node(at: path)
        guard case .split(let split) = splitNode.content else { throw .staleUserAction(.notAColumn(shown)) }
        guard column != .sidebar else { throw .staleUserAction(.sidebarCannotClose(split: splitNode.id)) }
        for closed in split.columns.drop(while: { $0 != column }) {
            guard let node = split[closed] else { continue }
            recordRemoval(of: node)
            setColumn(closed, ofSplitAt: path, to: nil)
        }
        markTouched(splitNode.id)
    }

    /// Folds the split to its focused column, or unfolds it: no element is added or removed.
    mutating func changeWidth(compact: Bool, of splitID: ElementID) throws(NavigationError) {
        let path = try pathToReported(splitID)
        guard case .split(var split) = try node(at: path).content else { throw .staleUserAction(.notASplit(splitID)) }
        guard split.isCollapsed != compact else { return }
        split.isCollapsed = compact
        modify(at: path) { node in node.content = .split(split) }
        markTouched(splitID)
    }

    mutating func moveSheet(_ modalID: ElementID, to detent: SheetDetent) throws(NavigationError) {
        guard let path = path(to: modalID) else { throw .staleUserAction(.modalGone(modalID)) }
        guard path.last == .modal else { throw .staleUserAction(.notAModal(modalID)) }
        let presenterPath = Array(path.dropLast())
        let presenter = try node(at: presenterPath)
        guard let modal = presenter.modal, case .sheet(var options) = modal.style else {
            throw .staleUserAction(.notASheet(modalID))
        }
        let offered = options.detents.isEmpty ? [SheetDetent.large] : options.detents
        guard offered.contains(detent) else { throw .staleUserAction(.detentNotOffered(detent, modal: modalID)) }
        guard (options.selectedDetent ?? offered.first) != detent else { return }
        options.selectedDetent = detent
        modify(at: presenterPath) { node in
            guard var modal = node.modal else { return }
            modal.style = .sheet(options)
            node.presented = ModalBox(modal)
        }
        markTouched(presenter.id)
    }
}
