/// The one change a flow keeps waiting: redirected by a guard (sign in first) or deferred by a
/// screen in its way (an unsaved draft). Single use, expiring, never saved.
///
/// Whatever door it came through, it keeps its request whole — its origin, source and content
/// — so it resumes where it was asked for (``Flow/resumePending()``), judged again in full.
/// It is dropped when the redirect's screen goes away without resuming it, when it expires
/// (``FlowConfiguration/pendingLifetime``), and when a newer change waits instead.
public struct PendingChange<Route: NavigationRoute>: Sendable, Identifiable {
    /// Why the change waits.
    public enum Reason: Hashable, Sendable {
        /// A guard redirected it.
        case redirected(guard: String)
        /// A screen whose ``InterruptionPolicy`` is ``InterruptionPolicy/defer`` was in the way.
        case deferred(by: ElementID)
    }

    /// Which wait this is: a resumed change that waits again keeps it; a newer change that
    /// replaces it gets another (a deferred link resumes its own wait only).
    public let id: UInt64
    /// The request, as it was asked for.
    public let request: ChangeRequest<Route>
    /// Why it waits.
    public let reason: Reason
    /// When it stops being resumable, on the flow's clock (``FlowConfiguration/now``): the
    /// lifetime counts from the change's first wait, and a resume that waits again keeps it.
    public var expires: ContinuousClock.Instant { deadline.instant }
    /// ``expires``, in a form of fixed size.
    let deadline: Deadline
    /// The screens the guard's redirect added (the sign-in screen): when one of them is
    /// removed without the change resuming, the change is dropped; when the change resumes
    /// while they show, the modal holding them is dismissed in the same transaction.
    public let redirectScreens: [ElementID]

    init(
        id: UInt64, request: ChangeRequest<Route>, reason: Reason, expires: ContinuousClock.Instant,
        redirectScreens: [ElementID]
    ) {
        self.id = id
        self.request = request
        self.reason = reason
        deadline = Deadline(expires)
        self.redirectScreens = redirectScreens
    }

    /// The same wait, behind the screens its redirect added.
    func waiting(behind screens: [ElementID]) -> PendingChange {
        PendingChange(id: id, request: request, reason: reason, expires: expires, redirectScreens: screens)
    }

    /// The guard that redirected the change, if one did.
    public var guardName: String? {
        if case .redirected(let name) = reason { return name }
        return nil
    }
}

extension DestinationContext {
    /// Resumes the flow's pending change from this Destination — a sign-in screen once the
    /// user signed in — without a handle on the flow; see ``Flow/resumePending()``. The
    /// redirect's modal, this screen's, closes in the same transaction.
    ///
    /// - Returns: How it went, or `nil` when nothing was pending.
    /// - Throws: ``NavigationError/destinationRemoved(_:)`` once the Destination is removed, and
    ///   the errors of ``Flow/resumePending()``.
    @discardableResult
    public func resumePending() throws(NavigationError) -> ChangeOutcome<Route>? {
        guard let flow, id != nil else { throw .destinationRemoved(lastID ?? ElementID(0)) }
        return try flow.resumePending()
    }

    /// Drops the flow's pending change from this Destination — a sign-in screen the user
    /// cancelled; see ``Flow/dropPending()``.
    public func dropPending() {
        flow?.dropPending()
    }

    /// The flow's pending change, if one waits.
    public var pendingChange: PendingChange<Route>? { flow?.pendingChange }
}

extension PendingChange {
    /// A pending change held by reference (``Flow/pendingChange``).
    final class Held: Sendable {
        let change: PendingChange

        init(_ change: PendingChange) {
            self.change = change
        }
    }
}
