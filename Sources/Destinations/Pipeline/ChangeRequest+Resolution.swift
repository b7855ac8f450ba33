extension ChangeRequest {
    /// Something asynchronous a request asks before it decides what changes — a server asked
    /// what a URL points to. ``Flow/performAwaitingGuards(_:)`` asks it as tracked work, then
    /// takes the answer through the pipeline as the request's ``ChangeRequest/change``:
    ///
    /// - a newer request supersedes it, and cancelling the waiting task cancels it
    ///   (``NavigationError/superseded``);
    /// - it gets ``FlowConfiguration/asyncGuardTimeout`` on the flow's clock
    ///   (``NavigationError/resolutionTimedOut(_:)``);
    /// - `nil` refuses the request with ``NavigationError/resolutionDeclined(_:)``, and an
    ///   error with ``NavigationError/resolutionFailed(_:reason:)``.
    ///
    /// ```swift
    /// var request = ChangeRequest<AppRoute>(.presentation(.path([])), source: .external(.universalLink))
    /// request.resolution = .init("status lookup") { try await api.lookUp(url).map { .presentation(.push($0)) } }
    /// try await flow.performAwaitingGuards(request)
    /// ```
    public struct Resolution: Sendable {
        /// What is asked, for logs, events and ``Flow/pendingWork``: never personal data.
        public let name: String
        /// Asks, and answers the change to make; `nil` for none.
        public let resolve: @Sendable () async throws -> Change?
        /// Creates a resolution.
        public init(_ name: String, _ resolve: @escaping @Sendable () async throws -> Change?) {
            (self.name, self.resolve) = (name, resolve)
        }
    }
}
