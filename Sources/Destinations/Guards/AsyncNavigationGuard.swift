/// A rule that needs to ask someone before a link goes ahead: a server that says whether the
/// user may see a shared note, a biometric check.
///
/// ```swift
/// let shared = AsyncNavigationGuard<AppRoute>("sharedNote", watches: { $0.name == "note" }) { change in
///     await server.mayOpen(change.added) ? .allow : .deny(reason: "not shared with you")
/// }
/// flow.asyncGuards = [shared]
/// try await flow.openAwaitingGuards(url, source: .external(.universalLink))
/// ```
///
/// Asynchronous guards run on ``Flow/openAwaitingGuards(_:source:timeout:)`` only, for links
/// that add a route they watch, so unrelated links never wait. They judge the change as
/// planned when the link arrives; when they all allow it, the link is planned again against the
/// state as it is then and committed with the synchronous ``NavigationGuard``s, so no gap
/// opens between the check and the change.
public struct AsyncNavigationGuard<Route: NavigationRoute>: Sendable {
    /// The guard's name, in errors and logs.
    public let name: String
    let watches: @Sendable (Route) -> Bool
    let check: @MainActor @Sendable (PlannedChange<Route>) async -> GuardDecision<Route>

    /// Creates a guard that runs for changes adding a route `watches` accepts.
    public init(
        _ name: String,
        watches: @escaping @Sendable (Route) -> Bool,
        check: @escaping @MainActor @Sendable (PlannedChange<Route>) async -> GuardDecision<Route>
    ) {
        self.name = name
        self.watches = watches
        self.check = check
    }
}

extension Flow {
    /// Opens a URL like ``open(_:source:)`` after the ``asyncGuards`` watching the routes it
    /// adds have allowed it.
    ///
    /// - Each guard gets `timeout` (10 seconds unless given); one that does not answer throws
    ///   ``DeepLinkError/guardTimedOut(guard:)``.
    /// - Only the newest link waits: one opened while an older one waits makes the older throw
    ///   ``DeepLinkError/superseded``.
    /// - A denial throws ``DeepLinkError/navigation(_:)`` with
    ///   ``NavigationError/guardDenied(guard:route:reason:)``; a redirect is applied and the
    ///   URL waits as the ``pendingChange`` (``DeepLinkOutcome/redirected(guard:)``).
    /// - When every guard allows, the URL is planned again against the state as it is now and
    ///   opened, with the synchronous guards.
    ///
    /// Whenever it throws, the state is as the guards found it.
    @discardableResult
    public func openAwaitingGuards(
        _ url: String,
        source: LinkSource = .external(.unknown),
        timeout: Duration = .seconds(10)
    ) async throws(DeepLinkError) -> DeepLinkOutcome<Route> {
        // A URL that cannot open (malformed, unknown, refused) throws here and never supersedes
        // a link that is waiting for its guards.
        var plan = try plan(url, source: source)
        linkGeneration &+= 1
        let generation = linkGeneration
        var judged: [Route] = []
        // The guards judge the link as planned now; when the state changed while they waited,
        // the link is planned again and routes they have not judged yet are asked about too.
        for attempt in 0..<4 {
            if attempt > 0 { plan = try self.plan(url, source: source) }
            let added = plan.changes.added.compactMap { $0.route }
            let unjudged = added.filter { route in !judged.contains(route) }
            let rules = asyncGuards.filter { rule in unjudged.contains(where: rule.watches) }
            if rules.isEmpty {
                return try open(url, source: source)
            }
            let change = PlannedChange(
                cause: .url(pattern: plan.pattern, source: source),
                added: added,
                removed: plan.changes.removed.compactMap { $0.route },
                current: plan.current,
                proposed: plan.proposed
            )
            for rule in rules {
                let decision = await Self.decide(rule, change, timeout: timeout)
                guard generation == linkGeneration, !Task.isCancelled else { throw .superseded }
                switch decision {
                case nil:
                    throw .guardTimedOut(guard: rule.name)
                case .allow?:
                    continue
                case .deny(let reason)?:
                    throw .navigation(.guardDenied(guard: rule.name, route: added.first?.name, reason: reason))
                case .redirect(let presentation)?:
                    do throws(NavigationError) {
                        try applyOrRedirect(presentation)
                    } catch {
                        throw .navigation(error)
                    }
                    pendingChange = PendingChange(
                        change: .link(url: url, source: source, awaitingGuards: true), guardName: rule.name,
                        expires: .now + pendingLifetime)
                    return .redirected(guard: rule.name)
                }
            }
            judged += unjudged
        }
        throw .superseded
    }

    /// Resumes a pending URL an ``AsyncNavigationGuard`` redirected, asking the guards again
    /// (``openAwaitingGuards(_:source:timeout:)``); any other pending change resumes as with
    /// ``resumePending()``. Used once; `nil` when nothing was pending.
    ///
    /// - Throws: ``DeepLinkError/navigation(_:)`` with ``NavigationError/pendingExpired`` once
    ///   it waited too long, and the errors of opening it.
    @discardableResult
    public func resumePendingAwaitingGuards(timeout: Duration = .seconds(10)) async throws(DeepLinkError) -> DeepLinkOutcome<Route>? {
        guard let pending = pendingChange else { return nil }
        guard case .link(let url, let source, true) = pending.change else {
            do throws(NavigationError) {
                switch try resumePending() {
                case .redirected(let name)?: return .redirected(guard: name)
                case .applied?: return .applied
                case .deferred(let link)?: return .deferred(link)
                case nil: return nil
                }
            } catch {
                throw .navigation(error)
            }
        }
        pendingChange = nil
        guard ContinuousClock.now < pending.expires else { throw .navigation(.pendingExpired) }
        return try await openAwaitingGuards(url, source: source, timeout: timeout)
    }

    /// The guard's answer, or `nil` when it did not answer within `timeout`.
    private static func decide(
        _ rule: AsyncNavigationGuard<Route>,
        _ change: PlannedChange<Route>,
        timeout: Duration
    ) async -> GuardDecision<Route>? {
        let answer = FirstAnswer<GuardDecision<Route>>()
        let decision = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<GuardDecision<Route>?, Never>) in
                answer.continuation = continuation
                answer.worker = Task { @MainActor in answer.resolve(await rule.check(change)) }
                answer.timer = Task { @MainActor in
                    await WorkTracker.sleep(scheduled: timeout)
                    answer.resolve(nil)
                }
            }
        } onCancel: {
            Task { @MainActor in answer.resolve(nil) }
        }
        answer.worker?.cancel()
        answer.timer?.cancel()
        return decision
    }
}

/// The first of two answers: the guard's, or the timer's.
@MainActor
final class FirstAnswer<Value: Sendable> {
    var continuation: CheckedContinuation<Value?, Never>?
    var worker: Task<Void, Never>?
    var timer: Task<Void, Never>?

    func resolve(_ value: Value?) {
        continuation?.resume(returning: value)
        continuation = nil
    }
}
