import Destinations

/// The flow's pending change as the harness accounts for it: a facet of the state that the
/// exhaustive assertions, the transcripts and the explorer's visited states see, so that a step
/// that creates, replaces or drops it must say so.
struct PendingFacet: Hashable, Sendable {
    /// Which wait it is (``/Destinations/PendingChange/id``): a replacement is a change even when
    /// it reads the same.
    let id: UInt64
    /// The line expectations and transcripts write it as, after the tree:
    /// `pending: push from #1, redirected by signedIn`.
    let line: String
    /// The screens of its redirect.
    let redirectScreens: [ElementID]

    /// The line of a step that dropped the pending change.
    static let noneLine = "pending: none"

    /// The flow's pending change, or `nil` when none waits.
    @MainActor
    init?<Route>(_ flow: Flow<Route>) {
        guard let pending = flow.pendingChange else { return nil }
        let why: String
        switch pending.reason {
        case .redirected(let name): why = "redirected by \(name)"
        case .deferred(let element): why = "deferred by \(element)"
        }
        id = pending.id
        line = "pending: \(pending.request.cause.summary), \(why)"
        redirectScreens = pending.redirectScreens
    }

    /// What the explorer tells states apart by: the wait without its id, which differs with
    /// the path that made it.
    var shape: [String] { [line] + redirectScreens.map { "\($0)" } }

    /// Whether an expectation writes a pending line.
    static func isMentioned(in text: String) -> Bool {
        text.split(separator: "\n").contains { $0.hasPrefix("pending: ") }
    }

    /// The line `after` is written as when it differs from `before`: its own, or
    /// ``noneLine`` when it was dropped; `nil` when nothing changed.
    static func changedLine(from before: PendingFacet?, to after: PendingFacet?) -> String? {
        before == after ? nil : after?.line ?? noneLine
    }
}
