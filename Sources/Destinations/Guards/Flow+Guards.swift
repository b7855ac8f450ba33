extension Flow {
    /// Runs the guards on a change about to be committed; throws the first refusal.
    @usableFromInline
    func checkGuards(
        added: [NavigationNode<Route>],
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        cause: FlowEvent<Route>.Cause
    ) throws(NavigationError) {
        guard !added.isEmpty || !removed.isEmpty else { return }
        let change = PlannedChange(
            cause: cause,
            added: added.compactMap { $0.route },
            removed: removed.compactMap { $0.route },
            current: storage,
            proposed: proposed
        )
        for rule in guards {
            switch rule.check(change) {
            case .allow:
                continue
            case .deny(let reason):
                throw .guardDenied(guard: rule.name, route: change.added.first?.name, reason: reason)
            case .redirect(let presentation):
                lastRedirect = (rule.name, presentation)
                throw .guardRedirected(guard: rule.name)
            }
        }
    }

    /// Applies `presentation` like ``apply(_:from:)``; when a guard redirects it, applies the
    /// redirect instead (checked by the guards like any change, at most 4 in a row) and keeps
    /// `presentation` as the ``pendingChange`` until ``resumePending()``.
    ///
    /// - Returns: Whether the change was applied or redirected.
    /// - Throws: The refusal of the change or of its redirect; ``NavigationError/redirectLoop(count:)``
    ///   after 4 redirects. The state is then as it was.
    @discardableResult
    public func applyOrRedirect(_ presentation: Presentation<Route>, from origin: ElementID? = nil) throws(NavigationError) -> GuardedOutcome {
        var next = presentation
        var nextOrigin = origin
        var firstGuard: String?
        for _ in 0...4 {
            lastRedirect = nil
            do throws(NavigationError) {
                try apply(next, from: nextOrigin)
                if let firstGuard {
                    pendingChange = PendingChange(change: .presentation(presentation), guardName: firstGuard, expires: .now + pendingLifetime)
                    return .redirected(guard: firstGuard)
                }
                return .applied
            } catch {
                guard case .guardRedirected(let name) = error.underlying, let redirect = lastRedirect else { throw error }
                firstGuard = firstGuard ?? name
                next = redirect.presentation
                nextOrigin = nil
            }
        }
        throw .redirectLoop(count: 4)
    }

    /// Runs the pending change again, checked in full against the state as it is now; it is
    /// used once.
    ///
    /// - Returns: How it went, or `nil` when nothing was pending.
    /// - Throws: ``NavigationError/pendingExpired`` when it waited longer than
    ///   ``pendingLifetime``, or the change's refusal.
    ///
    /// A pending URL is opened again with its source, so every rule for that source applies
    /// again; a refusal is thrown as ``NavigationError/linkRefused(_:)``. A URL that now meets an
    /// unsaved draft comes back as ``GuardedOutcome/deferred(_:)`` with the link to resume.
    @discardableResult
    public func resumePending() throws(NavigationError) -> GuardedOutcome? {
        guard let pending = pendingChange else { return nil }
        pendingChange = nil
        guard ContinuousClock.now < pending.expires else { throw .pendingExpired }
        switch pending.change {
        case .presentation(let presentation):
            return try applyOrRedirect(presentation)
        case .link(_, _, true):
            // An asynchronous guard redirected it: it must ask that guard again.
            pendingChange = pending
            throw .linkRefused(.awaitsAsyncGuards)
        case .link(let url, let source, false):
            let outcome: DeepLinkOutcome<Route>
            do throws(DeepLinkError) {
                outcome = try open(url, source: source)
            } catch {
                throw .linkRefused(error)
            }
            switch outcome {
            case .applied, .unchanged, .queued: return .applied
            case .redirected(let name): return .redirected(guard: name)
            case .deferred(let link): return .deferred(link)
            case .needsConfirmation(let plan):
                let first = plan.interruptions.first
                throw .linkRefused(.blocked(route: first?.route ?? "", element: first?.element ?? ElementID(0)))
            }
        }
    }

    /// Follows a guard's redirect for a URL: applies the redirect (itself checked, at most 4 in
    /// a row) and keeps the URL pending.
    func redirectLink(url: String, source: LinkSource, guardName: String) throws(NavigationError) {
        guard let redirect = lastRedirect else { throw .guardRedirected(guard: guardName) }
        try applyOrRedirect(redirect.presentation)
        pendingChange = PendingChange(change: .link(url: url, source: source), guardName: guardName, expires: .now + pendingLifetime)
    }

    /// Drops the pending change (call it on sign-out).
    public func clearPending() {
        pendingChange = nil
    }
}
