import DestinationsURLs
import Testing

@testable import Destinations

/// One placement rule for every door (`OneWayIn.md`): a push from a modal with no stack of its
/// own dismisses the modals in its way, as their policies allow, and lands on the stack under
/// them; a modal with its own stack takes the push.
@MainActor
@Suite struct PlacementRuleTests {
    var screens: [GoldenRoute: LinkScreen] = [:]

    func flow(policy: InterruptionPolicy = .allow) throws -> FlowURLs<GoldenRoute> {
        try URLFlows.flow { screen in if screen.route == .about || screen.route == .licenses { screen.policy = policy }
        }
    }

    func screen(_ route: GoldenRoute, in urls: FlowURLs<GoldenRoute>) throws -> LinkScreen {
        let node = try #require(urls.flow.state.screens.first { $0.route == route })
        return try #require(urls.flow.destinations[node.id] as? LinkScreen)
    }

    /// The routes of the stack that holds the focused screen, bottom first.
    func focusedStack(_ urls: FlowURLs<GoldenRoute>) -> [GoldenRoute] {
        let state = urls.flow.state
        return state.stack(containing: state.focusedScreen.id)?.routes ?? []
    }

    @Test func anEventThatPushesFromAPlainSheetLandsOnTheStackUnderIt() throws {
        let urls = try flow()
        try urls.flow.apply(.sheet(.licenses))
        try screen(.licenses, in: urls).send(.next)
        #expect(urls.flow.state.root.modal == nil)
        #expect(urls.flow.state.focusedScreen.route == .about)
        #expect(focusedStack(urls) == [.notes, .about])
    }

    @Test func anEventThatPushesFromASheetWithItsOwnStackStaysInIt() throws {
        let urls = try flow()
        try urls.flow.apply(.sheetStack(.licenses))
        try screen(.licenses, in: urls).send(.next)
        #expect(focusedStack(urls) == [.licenses, .about])
        #expect(urls.flow.state.screens.count { $0.route == .notes } == 1)
    }

    @Test func aLinkThatPushesUnderAPlainSheetDismissesItAndLands() throws {
        let urls = try flow()
        try urls.flow.apply(.sheet(.licenses))
        #expect(try urls.open("notes://n/5") == .applied)
        #expect(urls.flow.state.focusedScreen.route == .note(id: 5))
        #expect(focusedStack(urls) == [.notes, .note(id: 5)])
    }

    @Test func aLinkUnderASheetWithItsOwnStackPushesInThatStack() throws {
        let urls = try flow()
        try urls.flow.apply(.sheetStack(.licenses))
        #expect(try urls.open("notes://n/5") == .applied)
        #expect(focusedStack(urls) == [.licenses, .note(id: 5)])
    }

    @Test func aSheetThatRejectsKeepsTheLinkOutAndTheStateUnchanged() throws {
        let urls = try flow(policy: .reject)
        try urls.flow.apply(.sheet(.licenses))
        let before = URLFlowSnapshot(urls.flow)
        let sheet = try #require(urls.flow.state.screens.first { $0.route == .licenses })
        #expect(throws: DeepLinkError.blocked(route: "licenses", element: sheet.id)) { try urls.open("notes://n/5") }
        #expect(URLFlowSnapshot(urls.flow) == before)
    }

    @Test func aSheetThatDefersMakesTheLinkWaitAndResumeLandsIt() throws {
        let urls = try flow(policy: .defer)
        try urls.flow.apply(.sheet(.licenses))
        guard case .deferred(let pending) = try urls.open("notes://n/5") else {
            Issue.record("not deferred")
            return
        }
        #expect(urls.flow.state.focusedScreen.route == .licenses)
        try screen(.licenses, in: urls).policy = .allow
        #expect(try urls.resume(pending) == .applied)
        #expect(focusedStack(urls) == [.notes, .note(id: 5)])
    }
}
