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
        // The routes still to check are `pending[..<count]`, last in, first out. The array is
        // indexed and assigned rather than popped: the generic `popLast`, `removeLast` and
        // iterators look up metadata and witness tables on every route.
        var count = pending.count
        var seen = Set<Route>(minimumCapacity: count)
        while count > 0 {
            count -= 1
            let route = pending[count]
            guard seen.insert(route).inserted else { continue }
            guard let provider = providers.provider(for: route) else {
                report(.missingProvider(route: route.name))
                continue
            }
            let box = provider.box
            let fixed = box.fixedRoutes
            for position in 0..<fixed.count {
                if count < pending.count { pending[count] = fixed[position] } else { pending.append(fixed[position]) }
                count += 1
            }
            let duplicates = box.duplicateEventNames
            if duplicates.count > 0 {
                for event in duplicates.sorted() { report(.duplicateEvent(event: event, route: route.name)) }
            }
            for event in box.unconfiguredEventNames {
                report(.unconfiguredEvent(event: event, route: route.name))
            }
        }
        return problems
    }

    private static func allCases(of type: any CaseIterable.Type) -> [Route] {
        // One cast of the whole list when the cases are the routes (always, for an enum route):
        // not one per case.
        func open<T: CaseIterable>(_: T.Type) -> [Route] {
            if let routes = Array(T.allCases) as? [Route] { return routes }
            return T.allCases.compactMap { $0 as? Route }
        }
        return open(type)
    }
}
