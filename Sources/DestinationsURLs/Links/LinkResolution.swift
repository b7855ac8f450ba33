public import Destinations

/// What a link asks before it decides (``LinkTarget/resolving(_:_:)``): a name for logs and
/// events, and the question. Two resolutions are equal only when they are the same one.
public struct LinkResolution<Route: NavigationRoute>: Sendable, Equatable {
    /// What is asked, for logs, events and `Flow.pendingWork`: never personal data.
    public let name: String
    /// Asks, and answers the target to open; `nil` for none.
    public let resolve: @Sendable () async throws -> LinkTarget<Route>?
    private let identity = Identity()
    /// Creates a resolution.
    public init(_ name: String, _ resolve: @escaping @Sendable () async throws -> LinkTarget<Route>?) {
        (self.name, self.resolve) = (name, resolve)
    }
    public static func == (lhs: LinkResolution, rhs: LinkResolution) -> Bool { lhs.identity === rhs.identity }
    private final class Identity: Sendable {}
}

extension URLRouter {
    /// The request's resolution for a link whose target asks first: its answer compiled to a
    /// change, a `nil` answer to the fallback's target for `url`, when there is one that
    /// accepts `source`.
    func resolution(_ resolution: LinkResolution<Route>, url: String, scene: String, source: ChangeSource)
        -> ChangeRequest<Route>.Resolution
    {
        var fallbackTakes = true
        if case .external(let origin) = source, let allowed = fallback?.sources {
            fallbackTakes = allowed.contains(origin)
        }
        return ChangeRequest<Route>.Resolution(resolution.name) { [self, fallbackTakes] in
            var target = try await resolution.resolve()
            if target == nil, fallbackTakes { target = try fallbackMatch(url, host: nil)?.target }
            return try target.flatMap { (target) throws(DeepLinkError) in try change(for: target, scene: scene) }
        }
    }
    /// The change a target answered by a resolution stands for; `nil` for another resolution.
    private func change(for target: LinkTarget<Route>, scene: String) throws(DeepLinkError) -> ChangeRequest<Route>
        .Change?
    {
        if case .state(let path) = target {
            var ids = SequentialElementIDs()
            let state = try parseState(path: path, scene: scene, ids: &ids, limits: limits)
            return .planned({ current, ids in state.aligned(to: current, ids: &ids) })
        }
        return target.presentation.map { .presentation($0) }
    }
}
