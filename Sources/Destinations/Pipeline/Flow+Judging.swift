// Performance: the push-back, select-tab and sheet figures and the event path (Benchmarks/README.md, "Figures").
extension Flow {
    /// Judges a planned change: access, limits, guards, asynchronous guards, interruptions.
    /// Returns the step that ends the request instead of a commit, or `nil` to commit.
    @inlinable
    func judge(
        _ request: ChangeRequest<Route>,
        added: [NavigationNode<Route>],
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        judgedAsync: [Route]
    ) throws(NavigationError) -> Step? {
        if request.source.isExternal, let access = request.access {
            for screen in added {
                guard let route = screen.route, !access(route) else { continue }
                throw .accessDenied(route: route.name, source: request.source)
            }
        }
        let count = screenCount + added.count - removed.count
        let limit = min(configuration.maximumScreens, request.maximumScreens ?? .max)
        if count > limit, !added.isEmpty {
            throw .tooManyScreens(count: count, limit: limit)
        }
        let hasGuards = !configuration.guards.isEmpty || !configuration.asyncGuards.isEmpty
        guard hasGuards || request.interruptions != .ignore else { return nil }
        return try judgeRules(request, added: added, removed: removed, proposed: proposed, judgedAsync: judgedAsync)
    }

    /// Judges a planned change by the guards, the asynchronous guards and the interruption
    /// policies of the screens in its way.
    @usableFromInline func judgeRules(
        _ request: ChangeRequest<Route>,
        added: [NavigationNode<Route>],
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        judgedAsync: [Route]
    ) throws(NavigationError) -> Step? {
        if !added.isEmpty || !removed.isEmpty {
            if !configuration.guards.isEmpty,
                let (name, presentation) = try checkGuards(
                    added: added, removed: removed, proposed: proposed, cause: request.cause)
            {
                return .redirect(guard: name, presentation)
            }
            if !configuration.asyncGuards.isEmpty, let name = asyncGuard(watching: added, judged: judgedAsync) {
                throw .awaitsAsyncGuards(guard: name)
            }
        }
        guard request.interruptions != .ignore else { return nil }
        return try judgeInterruptions(request, removed: removed, proposed: proposed, judgedAsync: judgedAsync)
    }

    /// The first asynchronous guard that watches a route `added` brings that it has not judged.
    func asyncGuard(watching added: [NavigationNode<Route>], judged: [Route]) -> String? {
        for screen in added {
            guard let route = screen.route, !judged.contains(route) else { continue }
            if let rule = configuration.asyncGuards.first(where: { $0.watches(route) }) { return rule.name }
        }
        return nil
    }

    /// Judges the screens in the way of a change from outside.
    func judgeInterruptions(
        _ request: ChangeRequest<Route>,
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        judgedAsync: [Route]
    ) throws(NavigationError) -> Step? {
        let found = interruptions(of: request, removed: removed, proposed: proposed)
        guard let strictest = found.max(by: { $0.policy.severity < $1.policy.severity }) else { return nil }
        switch (strictest.policy, request.interruptions) {
        case (.reject, _):
            throw .interrupted(route: strictest.route, element: strictest.element)
        case (_, .confirmed), (.allow, _):
            return nil
        case (.confirm, _):
            var plan = ChangePlan(
                request: request, current: storage, proposed: proposed, changes: proposed.changes(from: storage),
                interruptions: found)
            plan.judgedAsync = judgedAsync
            return .outcome(.needsConfirmation(plan))
        case (.defer, _):
            let element = found.first { $0.policy == .defer }?.element ?? strictest.element
            makePending(request, reason: .deferred(by: element), redirectScreens: [])
            logger.log(.info, "deferred \(request.cause.summary): \(strictest.route) \(element) is in the way")
            return .outcome(.deferred(by: element))
        }
    }

    /// Runs the guards on a planned change; throws the first denial, returns the first
    /// redirect.
    func checkGuards(
        added: [NavigationNode<Route>],
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        cause: FlowEvent<Route>.Cause
    ) throws(NavigationError) -> (String, Presentation<Route>)? {
        guard !configuration.guards.isEmpty else { return nil }
        let change = NavigationGuard<Route>.Change(
            cause: cause, added: added.compactMap(\.route), removed: removed.compactMap(\.route), current: storage,
            proposed: proposed, environment: configuration.environment)
        for rule in configuration.guards {
            switch rule.check(change) {
            case .allow:
                continue
            case .deny(let reason):
                throw .guardDenied(guard: rule.name, route: change.added.first?.name, reason: reason)
            case .redirect(let presentation):
                return (rule.name, presentation)
            }
        }
        return nil
    }

    /// The screens a change removes or hides whose policy is not ``InterruptionPolicy/allow``.
    func interruptions(
        of request: ChangeRequest<Route>,
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>
    ) -> [ChangePlan<Route>.Interruption] {
        var found: [ChangePlan<Route>.Interruption] = []
        var removedIDs: Set<ElementID> = []
        for screen in removed {
            removedIDs.insert(screen.id)
            if let interruption = interruption(of: screen, removed: true, request: request) {
                found.append(interruption)
            }
        }
        var nowVisible: [ElementID] = []
        proposed.root.collectVisibleIDs(into: &nowVisible)
        for id in visible where !removedIDs.contains(id) && !nowVisible.contains(id) {
            if let screen = storage.node(id),
                let interruption = interruption(of: screen, removed: false, request: request)
            {
                found.append(interruption)
            }
        }
        return found
    }

    private func interruption(
        of screen: NavigationNode<Route>,
        removed: Bool,
        request: ChangeRequest<Route>
    ) -> ChangePlan<Route>.Interruption? {
        guard let route = screen.route else { return nil }
        let policy: InterruptionPolicy
        if let interruptible = live[screen.id]?.object as? any Interruptible {
            policy = interruptible.interruption
        } else {
            policy = request.fallbackInterruption?(route) ?? .allow
        }
        guard policy != .allow else { return nil }
        return ChangePlan.Interruption(element: screen.id, route: route.name, policy: policy, removed: removed)
    }
}
