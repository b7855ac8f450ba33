import Foundation

extension Flow where Route: Codable {
    /// Restores `restored.state`. When a guard denies it, reads `data` again leaving out the
    /// screens of the routes a guard denies on their own
    /// (``RestorationReport/Issue/deniedByGuard(path:route:guard:)``), and restores what is
    /// left, once: a guard drops only the screens it denies, as a route's policy does.
    /// `restored` becomes what was handed to the flow.
    func restore(
        _ restored: inout Restoration<Route>.Restored, from data: Data, by restoration: Restoration<Route>,
        isProvided: @escaping (Route) -> Bool
    ) throws(NavigationError) -> ChangeOutcome<Route> {
        do throws(NavigationError) {
            return try restore(restored.state)
        } catch {
            guard case .guardDenied = error else { throw error }
            let proposed = restored.state
            let again = restoration.restore(
                data, now: Date(), isProvided: isProvided, deniedBy: { self.guardDenying($0, in: proposed) })
            guard !again.report.usedInitialState, again.state != proposed else { throw error }
            restored = again
            return try restore(again.state)
        }
    }

    /// The first guard that denies a restore adding `route` alone, if one does.
    private func guardDenying(_ route: Route, in proposed: NavigationState<Route>) -> String? {
        let change = NavigationGuard<Route>.Change(
            cause: .restore, added: [route], removed: [], current: state, proposed: proposed,
            environment: configuration.environment)
        return configuration.guards.first { rule in
            if case .deny = rule.check(change) { true } else { false }
        }?.name
    }
}
