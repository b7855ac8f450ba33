extension Flow {
    /// Checks a flow's configuration before it starts, and returns every problem found.
    ///
    /// It follows every route the flow can reach without running code: the layout's routes,
    /// every case of `Route` when it is `CaseIterable`, and the routes of each provider's fixed
    /// presentations. For each it checks that a provider exists, that no event is configured
    /// twice, and, when a Destination's `Event` is `CaseIterable`, that every event is
    /// configured. Routes chosen at run time by assistants cannot be followed; a missing
    /// provider for one is reported when it is first needed.
    public static func validate(_ layout: Layout<Route>, providers: Providers<Route>) -> [NavigationError
        .ConfigurationProblem]
    {
        var problems: [NavigationError.ConfigurationProblem] = []
        func report(_ problem: NavigationError.ConfigurationProblem) {
            if !problems.contains(problem) { problems.append(problem) }
        }
        var pending = layout.routes
        if let all = Route.self as? any CaseIterable.Type {
            pending += allCases(of: all)
        }
        var seen: Set<Route> = []
        while let route = pending.popLast() {
            guard seen.insert(route).inserted else { continue }
            guard let provider = providers.provider(for: route) else {
                report(.missingProvider(route: route.name))
                continue
            }
            pending += provider.box.fixedRoutes
            for event in provider.box.duplicateEventNames.sorted() {
                report(.duplicateEvent(event: event, route: route.name))
            }
            for event in provider.box.unconfiguredEventNames {
                report(.unconfiguredEvent(event: event, route: route.name))
            }
        }
        return problems
    }

    private static func allCases(of type: any CaseIterable.Type) -> [Route] {
        func open<T: CaseIterable>(_: T.Type) -> [Route] { T.allCases.compactMap { $0 as? Route } }
        return open(type)
    }
}
