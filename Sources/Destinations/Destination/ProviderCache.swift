/// The providers a ``Providers`` lookup returned, by route: a lookup that creates its
/// providers where it names them (the usual `switch`) runs once per route, not once per screen.
///
/// Bounded: past ``limit`` routes it starts again empty, so that routes with many payloads
/// (`.note(id:)` over every note) keep memory flat.
@MainActor
final class ProviderCache<Route: NavigationRoute> {
    /// How many routes are kept at most.
    static var limit: Int { 256 }

    /// `nil` answers are kept too: a route without a provider is asked about once.
    private var answers: [Route: Provider<Route>?] = [:]

    nonisolated init() {}

    /// The answer recorded for `route`: `nil` when none was, `.some(nil)` when the lookup said
    /// the route has no provider.
    func answer(for route: Route) -> Provider<Route>?? {
        answers[route]
    }

    /// Keeps the lookup's answer for `route`.
    func record(_ answer: Provider<Route>?, for route: Route) {
        if answers.count >= Self.limit { answers.removeAll(keepingCapacity: true) }
        answers[route] = .some(answer)
    }
}
