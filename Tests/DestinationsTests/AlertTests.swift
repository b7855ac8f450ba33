import Destinations
import NotesApp
import Observation
import Testing

@testable import Destinations

/// Alerts as data: a tap sends the button's event and then dismisses the alert, as every
/// platform does, so work that must outlive the tap belongs to the presenter.
@MainActor
@Suite struct AlertTests {
    func notesFlow(_ datasource: NotesDatasource) async throws -> Flow<AppRoute> {
        let flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: datasource))
        try flow.apply(.push(.note(id: 3)))
        try await flow.settle()
        try flow.focusedDestination(as: NoteDetail.self)?.send(.delete)
        return flow
    }

    func alertID(_ flow: Flow<AppRoute>) throws -> ElementID {
        let top = try #require(flow.state.presentedChain.last)
        #expect(top.style == .alert)
        return top.modal
    }

    @Test func theDeleteAlertClosesAtTheTapAndTheDetailLeavesWhenTheNoteIsDeleted() async throws {
        let datasource = NotesDatasource()
        let flow = try await notesFlow(datasource)
        let alert = try alertID(flow)
        #expect(flow.alertDisplay(of: alert)?.buttons.map(\.label) == ["Delete", "Cancel"])
        #expect(flow.alertDisplay(of: alert)?.buttons.first?.role == .destructive)

        try flow.tapAlertButton(0, of: alert)
        // What the platform shows at once: the alert is gone, its Destination removed.
        #expect(flow.state.presentedChain.isEmpty)
        #expect(flow.destination(alert) == nil)
        #expect(flow.focusedScreen.route == .note(id: 3))

        try await flow.settle()
        #expect(await datasource.note(id: 3) == nil)
        #expect(flow.focusedScreen.route == .notes)
    }

    @Test func cancelOnlyDismisses() async throws {
        let datasource = NotesDatasource()
        let flow = try await notesFlow(datasource)
        try flow.tapAlertButton(1, of: try alertID(flow))
        try await flow.settle()
        #expect(flow.focusedScreen.route == .note(id: 3))
        #expect(await datasource.note(id: 3) != nil)
    }

    @Test func aLateOrUnknownTapIsRefusedAndChangesNothing() async throws {
        let flow = try await notesFlow(NotesDatasource())
        let alert = try alertID(flow)
        let before = flow.state
        #expect(throws: NavigationError.staleUserAction(.noSuchButton(2, alert: alert))) {
            try flow.tapAlertButton(2, of: alert)
        }
        #expect(flow.state == before)
        try flow.tapAlertButton(1, of: alert)
        let after = flow.state
        #expect(throws: NavigationError.staleUserAction(.modalGone(alert))) { try flow.tapAlertButton(0, of: alert) }
        #expect(flow.state == after)
    }

    @Test func aResultArrivingAfterTheDetailIsGoneIsDropped() async throws {
        let datasource = NotesDatasource()
        let flow = try await notesFlow(datasource)
        let detailID = try #require(flow.state.presentedChain.last?.presenter)
        let detail = try #require(flow.destination(detailID, as: NoteDetail.self))
        try flow.tapAlertButton(0, of: try alertID(flow))
        // The user leaves the detail before the delete answers.
        let stack = try #require(flow.state.parent(of: detailID))
        try flow.apply(.popped(stack: stack.id, to: try #require(flow.state.stack(inTab: .notes)?.root.id)))
        let left = flow.state
        try await flow.settle()
        #expect(flow.state == left, "the late result changes nothing")
        #expect(detail.refusal == nil)
        #expect(!detail.isDeleted)
    }

    @Test func anOverlayWithoutAlertContentShowsOneOKButton() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.last?.modal)
        #expect(
            flow.alertDisplay(of: alert)
                == AlertDisplay(title: "confirm", message: nil, buttons: [.init(label: "OK", role: .cancel)]))
        #expect(throws: NavigationError.staleUserAction(.noSuchButton(1, alert: alert))) {
            try flow.tapAlertButton(1, of: alert)
        }
        try flow.tapAlertButton(0, of: alert)
        #expect(flow.state.presentedChain.isEmpty)
        #expect(flow.alertDisplay(of: alert) == nil)
    }

    @Test func aButtonWhoseEventDismissesTheAlertIsNotDismissedTwice() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? SelfClosingAlert.provider : screenProvider(log: Log())
            })
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.last?.modal)
        try flow.tapAlertButton(0, of: alert)
        #expect(flow.state.presentedChain.isEmpty)
        #expect(refusals.isEmpty)
    }

    @Test func aRefusedButtonEventIsReportedAndTheAlertStillCloses() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? SelfClosingAlert.provider : screenProvider(log: Log())
            })
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.last?.modal)
        try flow.tapAlertButton(1, of: alert)  // its event pushes a route nobody provides
        #expect(flow.state.presentedChain.isEmpty)
        #expect(refusals.count == 1)
    }
}

extension AlertTests {
    @Test func aButtonHandlerThatTapsItsOwnAlertAgainClosesItOnce() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? TappingAgainAlert.provider : screenProvider(log: Log())
            })
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.last?.modal)
        try flow.tapAlertButton(0, of: alert)
        #expect(flow.state.presentedChain.isEmpty)
        #expect(TappingAgainAlert.innerTap == .staleUserAction(.modalGone(alert)))
        #expect(
            refusals == [.staleUserAction(.modalGone(alert))],
            "the repeated tap is refused once, the first closes the alert")
    }

    @Test func aTapFromAHookDuringACommitRunsAfterIt() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? SelfTappingAlert.provider : screenProvider(log: Log())
            })
        try flow.apply(.alert(.confirm))
        #expect(
            flow.state.presentedChain.isEmpty, "the alert tapped itself as it appeared; the tap ran after the change")
        #expect(flow.focusedScreen.route == .home)
    }
}

/// An alert whose button's handler taps the same alert again.
@MainActor
final class TappingAgainAlert: AlertDestination {
    enum Event: Hashable, Sendable { case again }
    let context = DestinationContext<TestRoute, Event>()
    static var innerTap: NavigationError?
    var alert: AlertContent<Event> { AlertContent("Again?", buttons: [AlertButton("Again", sends: .again)]) }

    static let provider = Provider { (_: TestRoute) in
        TappingAgainAlert()
    } events: { events in
        events.on(
            .again,
            .perform { input in
                guard let id = input.destination.id, let flow = input.destination.context.flowForTests else { return }
                do throws(NavigationError) { try flow.tapAlertButton(0, of: id) } catch {
                    TappingAgainAlert.innerTap = error
                }
            })
    }
}

/// An alert that taps its own cancel button when it appears, during the commit that shows it.
@MainActor
final class SelfTappingAlert: AlertDestination {
    enum Event: Hashable, Sendable { case none }
    let context = DestinationContext<TestRoute, Event>()
    var alert: AlertContent<Event> { AlertContent("Gone", buttons: [AlertButton("OK", role: .cancel)]) }
    func didAppear() {
        guard let id, let flow = context.flowForTests else { return }
        _ = try? flow.tapAlertButton(0, of: id)
    }

    static let provider = Provider { (_: TestRoute) in
        SelfTappingAlert()
    } events: { _ in
    }
}

extension DestinationContext {
    /// The flow, for tests that call it from inside a Destination.
    var flowForTests: Flow<Route>? { flow }
}

/// An alert whose first button's event dismisses it itself and whose second pushes a route
/// without a provider.
@MainActor
final class SelfClosingAlert: AlertDestination {
    enum Event: Hashable, Sendable { case close, broken }
    let context = DestinationContext<TestRoute, Event>()
    var alert: AlertContent<Event> {
        AlertContent("Close?", buttons: [AlertButton("Close", sends: .close), AlertButton("Broken", sends: .broken)])
    }

    static let provider = Provider { (_: TestRoute) in
        SelfClosingAlert()
    } events: { events in
        events.on(.close, .present(.dismiss))
        events.on(.broken, .present(.present(.screen(.unprovided), style: .fullScreenCover)))
    }
}

/// View ergonomics: `post` never throws, screen contexts never keep a Destination alive, and
/// `rootID` is observed only when the root is replaced.
@MainActor
@Suite struct ViewErgonomicsTests {
    @Test func postReportsEachRefusalOnceAndNeverThrows() throws {
        let flow = try makeFlow(.stack(.home))
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        let home = try #require(flow.focusedDestination(as: Screen.self))
        home.post(.back)  // refused by the flow: nothing to go back to
        #expect(refusals.count == 1)
        home.post(.unset)  // not configured: refused before any change
        #expect(refusals.count == 2)
        if case .unconfiguredEvent? = refusals.last {
        } else {
            Issue.record("expected unconfiguredEvent, got \(refusals)")
        }
        #expect(flow.focusedScreen.route == .home)
    }

    @Test func postFromARemovedDestinationIsDropped() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.push(.list))
        let list = try #require(flow.focusedDestination(as: Screen.self))
        try flow.apply(.back)
        var refusals = 0
        flow.onRefusal = { _, _ in refusals += 1 }
        list.post(.next)
        #expect(refusals == 0)
        #expect(flow.focusedScreen.route == .home)
    }

    @Test func aScreenContextDoesNotKeepItsDestinationAlive() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.push(.list))
        let id = flow.focusedScreen.id
        let context = try #require(ScreenContext(id, in: flow))
        weak let screen = context.destination(as: Screen.self)
        #expect(screen != nil)
        #expect(context.isLive)
        try flow.apply(.back)
        #expect(screen == nil)
        #expect(context.destination(as: Screen.self) == nil)
        #expect(!context.isLive)
        #expect(context.route == .list, "a view animating away still knows what it showed")
        #expect(ScreenContext(ElementID(999), in: flow) == nil)
    }

    @Test func aKeepingScreenContextStillHasItsDestinationWhileItsViewAnimatesAway() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.push(.list))
        let id = flow.focusedScreen.id
        let context = try #require(ScreenContext(id, in: flow)).keepingDestination()
        let before = context.destination(as: Screen.self)
        #expect(before != nil)
        try flow.apply(.back)
        #expect(flow.destination(id) == nil, "the flow let go of it")
        #expect(context.destination(as: Screen.self) === before, "the view still has it")
    }

    /// A renderer makes a screen's context from what it shows: the flow is not tracked, the
    /// Destination is held, and a screen the flow removed, or whose id now names another
    /// route, gets none.
    @Test func aContextMadeFromWhatARendererShowsTracksNothingAndHoldsItsDestination() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.push(.list))
        let id = flow.focusedScreen.id
        let changed = Flag()
        let made = withObservationTracking {
            ScreenContext(keeping: id, showing: .list, in: flow)
        } onChange: {
            changed.raise()
        }
        let context = try #require(made)
        #expect(ScreenContext(keeping: id, showing: .about, in: flow) == nil)
        let before = context.destination(as: Screen.self)
        #expect(before != nil)
        try flow.apply(.replaceCurrent(.about))
        #expect(!changed.isRaised)
        #expect(context.destination(as: Screen.self) === before)
        #expect(ScreenContext(keeping: id, showing: .list, in: flow) == nil)
    }

    @Test func rootIDIsObservedOnlyWhenTheRootIsReplaced() throws {
        let flow = try makeFlow(.stack(.home))
        let pushed = Flag()
        withObservationTracking {
            _ = flow.rootID
        } onChange: {
            pushed.raise()
        }
        try flow.apply(.push(.list))
        try flow.apply(.sheet(.editor))
        #expect(!pushed.isRaised)
        try flow.apply(.replaceRoot(.stack(.login)))
        #expect(pushed.isRaised)
    }
}
