import Destinations

/// A configured event a visible screen offers its user.
struct OfferedEvent {
    /// The event, as the provider names it.
    let event: String
    /// The name of the screen's route.
    let route: String
    /// Which of the visible screens of that route, in display order.
    let occurrence: Int
    /// The screen.
    let screen: ElementID
}

extension Flow {
    /// What a user could send now: each configured event of each visible screen, in display
    /// order, except the events a screen marks as its own (``OwnEvents``) and those of the
    /// screens an alert or a confirmation dialog covers (only the overlay's buttons can be
    /// tapped). Random walks and the explorer step through these.
    func offeredEvents() -> [OfferedEvent] {
        var offered: [OfferedEvent] = []
        var seen: [String: Int] = [:]
        let reachable = uncoveredScreens()
        for screen in state.visibleScreens {
            guard let route = screen.route else { continue }
            let occurrence = seen[route.name, default: 0]
            seen[route.name] = occurrence + 1
            guard reachable.map({ $0.contains(screen.id) }) ?? true else { continue }
            let own = destination(screen.id).map(ownEventNames(of:)) ?? []
            for event in configuration.providers.provider(for: route)?.configuredEvents ?? [] where !own.contains(event)
            {
                offered.append(OfferedEvent(event: event, route: route.name, occurrence: occurrence, screen: screen.id))
            }
        }
        return offered
    }

    /// The screens a user can reach when an overlay is on top (an alert, a confirmation
    /// dialog): the overlay's own screen, which holds its buttons; `nil` when no overlay is on
    /// top, and every visible screen is reachable.
    func uncoveredScreens() -> Set<ElementID>? {
        guard let top = state.presentedChain.last, top.style.isOverlay else { return nil }
        return [top.modal]
    }

    /// The gestures the state allows, with a tap on each button of an alert on top.
    func offeredGestures() -> [UserGesture] {
        var gestures = UserGesture.available(in: state)
        if let top = state.presentedChain.last, let alert = alertDisplay(of: top.modal) {
            gestures += alert.buttons.indices.map { UserGesture.tapAlertButton($0) }
        }
        return gestures
    }

    /// The `occurrence`th visible screen of the route named `route`.
    func visibleScreen(route: String, occurrence: Int) -> NavigationNode<Route>? {
        let matching = state.visibleScreens.filter { $0.route?.name == route }
        return matching.indices.contains(occurrence) ? matching[occurrence] : nil
    }

    /// Makes a gesture as the user would: `nil` when the state does not allow it, else the
    /// flow's refusal or `.some(nil)`. An alert's button runs its whole tap.
    func make(_ gesture: UserGesture) -> NavigationError?? {
        guard case .success(let action) = gesture.action(in: state) else { return nil }
        do throws(NavigationError) {
            if case .tapAlertButton(let index) = gesture, case .dismissed(let alert) = action {
                try tapAlertButton(index, of: alert)
            } else {
                try apply(action)
            }
            return .some(nil)
        } catch {
            return .some(error)
        }
    }
}
