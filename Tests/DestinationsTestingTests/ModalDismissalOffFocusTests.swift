import DestinationsTesting
import Foundation
import Testing

/// A desk of screens that all present and all hear their modals go: for the ledger's tests in
/// tabs, with presenters that navigate when they hear.
enum DeskRoute: NavigationRoute, Codable {
    case home
    case sheet
    case cover
}

@MainActor final class Desk: Destination, ModalPresenter {
    enum Event: Hashable, Sendable, CaseIterable { case none }
    let context = DestinationContext<DeskRoute, Event>()
    /// The modals this Destination presented that went away, in the order it heard.
    var heard: [DismissedModal<DeskRoute>] = []
    /// Runs in the hook, after the modal is recorded in ``heard``: navigation of its own.
    var onDismissal: ((Desk, DismissedModal<DeskRoute>) throws -> Void)?

    func didDismissPresented(_ modal: DismissedModal<DeskRoute>) {
        heard.append(modal)
        try? onDismissal?(self, modal)
    }
}

/// A presenter hears about its modal however it went — a tab it leaves, its own button, a
/// restore, `dismissAll` — once, and a presenter that navigates as it hears loses nothing.
@MainActor
@Suite struct ModalDismissalOffFocusTests {
    /// Two tabs, each a stack of a desk: tabs #1, [a] stack #2, home #3, [b] stack #4, home #5.
    static let twoTabs = Layout<DeskRoute>.tabs([.tab("a", .stack(.home)), .tab("b", .stack(.home))])

    static var providers: Providers<DeskRoute> {
        let desk = Provider { (_: DeskRoute) in
            Desk()
        } events: { events in
            events.on(.none, .perform { _ in })
        }
        return Providers { _ in desk }
    }

    func flowWithASheetInTabA() throws -> (flow: Flow<DeskRoute>, homeA: Desk, homeB: Desk) {
        let flow = try Flow(Self.twoTabs, providers: Self.providers)
        let homeA = try #require(flow.destination(ElementID(3), as: Desk.self))
        let homeB = try #require(flow.destination(ElementID(5), as: Desk.self))
        try homeA.context.present(.sheet(.sheet))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: a)
                  [a] stack #2
                    home #3
                      sheet: sheet #6 ◀
                  [b] stack #4
                    home #5
                """)
        return (flow, homeA, homeB)
    }

    let sheetOfA = DismissedModal<DeskRoute>(presenter: ElementID(3), modal: ElementID(6), style: .sheet, route: .sheet)

    @Test func aSheetInATabTheUserLeavesIsHeardOnceAsTheTabChanges() throws {
        let (flow, homeA, homeB) = try flowWithASheetInTabA()
        try flow.apply(UserAction<DeskRoute>.selectedTab("b", tabs: ElementID(1)))
        #expect(!flow.state.rendered().contains("sheet"))
        #expect(homeA.heard == [sheetOfA])
        // Nothing later reports it again.
        try flow.apply(.dismissAll)
        try flow.restore(flow.state)
        try flow.apply(.selectTab("a"))
        try flow.apply(.dismissAll)
        #expect(homeA.heard == [sheetOfA])
        #expect(homeB.heard.isEmpty)
    }

    @Test func aSheetInATabIsHeardWhenItsOwnButtonDismissesIt() throws {
        let (flow, homeA, homeB) = try flowWithASheetInTabA()
        try #require(flow.destination(ElementID(6), as: Desk.self)).context.dismiss()
        #expect(homeA.heard == [sheetOfA])
        #expect(homeB.heard.isEmpty)
    }

    @Test func aSheetInATabIsHeardWhenARestoreShowsTheOtherTab() throws {
        let (flow, homeA, homeB) = try flowWithASheetInTabA()
        var transaction = NavigationTransaction(state: flow.state, ids: SequentialElementIDs(startingAt: 100))
        try transaction.apply(.selectTab("b"))
        try flow.restore(transaction.state)
        #expect(homeA.heard == [sheetOfA])
        #expect(homeB.heard.isEmpty)
    }

    @Test func aSheetRestoredIntoATabIsHeardWhenTheUserLeavesTheTab() throws {
        let (flow, _, _) = try flowWithASheetInTabA()
        let restored = try Flow(Self.twoTabs, providers: Self.providers)
        try restored.restore(flow.state)
        let homeA = try #require(restored.destination(ElementID(3), as: Desk.self))
        try restored.apply(UserAction<DeskRoute>.selectedTab("b", tabs: ElementID(1)))
        #expect(homeA.heard == [sheetOfA])
    }

    @Test func aSheetAStartLayoutPresentsInATabIsHeardWhenAPathLeavesTheTab() throws {
        let flow = try Flow(
            Layout<DeskRoute>.tabs([.tab("a", .stack(.home)), .tab("b", .stack(.home))], selected: "b")
                .presenting(.cover, style: .fullScreenCover),
            providers: Self.providers)
        let homeB = try #require(flow.destination(ElementID(5), as: Desk.self))
        try flow.apply(.path([.dismiss, .selectTab("a")]), from: ElementID(6))
        #expect(homeB.heard.map(\.modal) == [ElementID(6)])
        #expect(homeB.heard.map(\.style) == [.fullScreenCover])
    }

    @Test func aPresenterThatPresentsAgainAsItHearsIsToldOfEachModalOnce() throws {
        let (flow, homeA, _) = try flowWithASheetInTabA()
        var reopened = false
        homeA.onDismissal = { desk, _ in
            guard !reopened else { return }
            reopened = true
            try desk.context.present(.fullScreenCover(.cover))
        }
        try flow.apply(.dismissAll)
        #expect(homeA.heard == [sheetOfA])
        #expect(flow.state.presentedModals.map(\.node.route) == [.cover])
        let cover = try #require(flow.state.presentedModals.first?.node.id)
        try flow.apply(UserAction<DeskRoute>.selectedTab("b", tabs: ElementID(1)))
        #expect(homeA.heard.map(\.modal) == [ElementID(6), cover])
        #expect(homeA.heard.last?.style == .fullScreenCover)
    }

    @Test func aModalThatDismissesItsPresenterAsItHearsTellsBothPresentersInOrder() throws {
        let (flow, homeA, homeB) = try flowWithASheetInTabA()
        let sheet = try #require(flow.destination(ElementID(6), as: Desk.self))
        try sheet.context.present(.fullScreenCover(.cover))
        // The sheet closes itself when its cover goes, however the cover went; its presenter
        // then switches tabs.
        sheet.onDismissal = { desk, _ in try desk.context.dismiss() }
        homeA.onDismissal = { desk, _ in try desk.context.present(.selectTab("b")) }
        try flow.apply(.dismissed(modal: ElementID(7)))
        #expect(sheet.heard.map(\.modal) == [ElementID(7)])
        #expect(homeA.heard == [sheetOfA])
        #expect(homeB.heard.isEmpty)
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: b)
                  [a] stack #2
                    home #3
                  [b] stack #4
                    home #5 ◀
                """)
    }

    /// One thing a user or the app does to the desk's flow.
    enum Step: CaseIterable {
        case presentSheet, presentCover, presentSheetStack, presentFromTheOtherTab, dismissOwn, swipe, dismissAll,
            selectTab, save, restore
    }

    /// The modals of `state`: each modal's content, with its presenter and how it shows.
    static func modals(of state: NavigationState<DeskRoute>) -> [ElementID: DismissedModal<DeskRoute>] {
        var result: [ElementID: DismissedModal<DeskRoute>] = [:]
        for node in state.nodes {
            guard let modal = node.modal else { continue }
            result[modal.node.id] = DismissedModal(
                presenter: node.id, modal: modal.node.id, style: modal.style, route: modal.node.firstRoute)
        }
        return result
    }

    @Test(arguments: 0..<24 as Range<UInt64>)
    func everyPresenterHearsOnceOfEachModalThatWentAndNeverOfOneThatStays(seed: UInt64) throws {
        var random = WalkRandom(seed: seed)
        let flow = try Flow(Self.twoTabs, providers: Self.providers)
        var saved: [NavigationState<DeskRoute>] = [flow.state]
        var log: [Step] = []
        var heardInAll = 0
        for _ in 0..<40 {
            let step = Step.allCases.randomElement(using: &random) ?? .save
            log.append(step)
            let before = flow.state
            let modalsBefore = Self.modals(of: before)
            let desks = Dictionary(
                uniqueKeysWithValues: before.screens.compactMap { screen in
                    flow.destination(screen.id, as: Desk.self).map { (screen.id, ($0, $0.heard.count)) }
                })
            // Some presenters navigate as they hear: each presents a cover once.
            for screen in before.screens where Int.random(in: 0..<3, using: &random) == 0 {
                flow.destination(screen.id, as: Desk.self)?.onDismissal = { desk, _ in
                    desk.onDismissal = nil
                    try desk.context.present(.fullScreenCover(.cover))
                }
            }
            let focused = try #require(flow.focusedDestination(as: Desk.self))
            do {
                switch step {
                case .presentSheet: try focused.context.present(.sheet(.sheet))
                case .presentCover: try focused.context.present(.fullScreenCover(.cover))
                case .presentSheetStack: try focused.context.present(.sheetStack(.home))
                case .presentFromTheOtherTab:
                    let other = before.screens.first { screen in
                        screen.route == .home && !before.visibleScreens.contains { $0.id == screen.id }
                    }
                    if let other { try flow.destination(other.id, as: Desk.self)?.context.present(.sheet(.sheet)) }
                case .dismissOwn: try focused.context.dismiss()
                case .swipe:
                    if let last = before.presentedModals.last { try flow.apply(.dismissed(modal: last.node.id)) }
                case .dismissAll: try flow.apply(.dismissAll)
                case .selectTab:
                    let tab: TabID = Bool.random(using: &random) ? "a" : "b"
                    try flow.apply(UserAction<DeskRoute>.selectedTab(tab, tabs: ElementID(1)))
                case .save: saved.append(before)
                case .restore: try flow.restore(saved.randomElement(using: &random) ?? before)
                }
            } catch {
                // A refused change (a hidden presenter, nothing to dismiss) leaves the state
                // as it was.
                #expect(flow.state == before, "seed \(seed): \(log)")
            }
            // Every modal stays on the focus path, whatever the step did: the chain a window
            // shows is every modal of the state.
            #expect(throws: Never.self, "seed \(seed): \(log)") { try flow.state.validate() }
            let modalsAfter = Self.modals(of: flow.state)
            let present = Set(flow.state.nodes.map(\.id))
            var expected: [ElementID: [DismissedModal<DeskRoute>]] = [:]
            for (content, modal) in modalsBefore where present.contains(modal.presenter) {
                let stays = modalsAfter[content].map {
                    $0.presenter == modal.presenter && $0.style.name == modal.style.name
                }
                if stays != true { expected[modal.presenter, default: []].append(modal) }
            }
            for (id, (desk, count)) in desks where flow.destination(id, as: Desk.self) === desk {
                let heard = Array(desk.heard[count...])
                heardInAll += heard.count
                #expect(
                    heard.sorted { $0.modal < $1.modal } == (expected[id] ?? []).sorted { $0.modal < $1.modal },
                    "seed \(seed): \(log)")
                #expect(heard.allSatisfy { modalsAfter[$0.modal]?.presenter != id }, "seed \(seed): \(log)")
            }
        }
        // The walk dismissed modals in several ways: the property was put to the test.
        #expect(heardInAll >= 3, "seed \(seed): \(log)")
    }
}

extension NavigationNode {
    /// The route of the first screen in the node, in tree order.
    var firstRoute: Route? {
        switch content {
        case .screen(let route): route
        case .stack(let stack): stack.elements.first?.firstRoute
        case .tabs(let tabs): tabs.tabs.first?.node.firstRoute
        case .split(let split): split.filledColumns.first?.node.firstRoute
        }
    }
}
