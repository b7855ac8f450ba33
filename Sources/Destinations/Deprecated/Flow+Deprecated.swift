// Flow members removed or renamed in 0.3.0, kept for one minor version (removed in 0.5.0) so that the compiler walks an
// upgrade. Each forwards to what replaced it, or, where no forwarding keeps the old meaning,
// is unavailable with a message that says what to write instead.

extension Flow {
    /// Renamed ``apply(_:from:handing:)``: a guard's redirect is one of the outcomes every
    /// change can have, ``ChangeOutcome/redirected(guard:)``.
    @available(*, deprecated, renamed: "apply(_:from:)")
    @discardableResult
    public func applyOrRedirect(
        _ presentation: Presentation<Route>, from origin: ElementID? = nil
    ) throws(NavigationError) -> ChangeOutcome<Route> {
        try apply(presentation, from: origin)
    }

    /// Renamed ``dropPending()``.
    @available(*, deprecated, renamed: "dropPending()")
    public func clearPending() {
        dropPending()
    }

    /// Moved to ``FlowConfiguration/pendingLifetime``: it reads and writes the configuration's.
    @available(*, deprecated, renamed: "configuration.pendingLifetime")
    public var pendingLifetime: Duration {
        get { configuration.pendingLifetime }
        set { configuration.pendingLifetime = newValue }
    }

    /// Replaced: the timeout of asynchronous guards is the configuration's, for every door.
    @available(
        *, unavailable,
        message:
            "set FlowConfiguration.asyncGuardTimeout (or flow.configuration.asyncGuardTimeout), then call resumePendingAwaitingGuards()"
    )
    public func resumePendingAwaitingGuards(timeout: Duration) async throws(NavigationError) -> ChangeOutcome<Route>? {
        try await resumePendingAwaitingGuards()
    }
}
