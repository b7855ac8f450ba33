public import Destinations

extension Scenes {
    /// Opens a URL in a connected window with `Scenes.perform(_:in:)`, or says why it was refused.
    public func open(_ url: String, in sceneID: String, router: URLRouter<Route>, source: ChangeSource)
        -> Result<DeepLinkOutcome<Route>, DeepLinkError>
    {
        Result { () throws(DeepLinkError) in
            let request = try request(for: url, in: sceneID, router: router, source: source)
            do throws(SceneError) {
                return DeepLinkOutcome(try perform(request, in: sceneID), url: url, request: request)
            } catch {
                throw DeepLinkError(error, sceneID: sceneID)
            }
        }
    }
    /// Connects a window at a cold start, then opens its launch link as a transaction of its own.
    @discardableResult
    public func connect(
        sceneID: String, kind name: String, launching url: String, router: URLRouter<Route>, source: ChangeSource
    ) throws(SceneError) -> (connection: Connection, link: Result<DeepLinkOutcome<Route>, DeepLinkError>) {
        let connection = try connect(sceneID: sceneID, kind: name)
        return (connection, open(url, in: sceneID, router: router, source: source))
    }
    /// Connects a window like ``connect(sceneID:kind:launching:router:source:)``, awaiting guards.
    @discardableResult
    public func connectAwaitingGuards(
        sceneID: String, kind name: String, launching url: String, router: URLRouter<Route>,
        source: ChangeSource = .external(.unknown)
    ) async throws(SceneError) -> (connection: Connection, link: Result<DeepLinkOutcome<Route>, DeepLinkError>) {
        let connection = try await connectAwaitingGuards(sceneID: sceneID, kind: name)
        let request: ChangeRequest<Route>
        do throws(DeepLinkError) {
            request = try self.request(for: url, in: sceneID, router: router, source: source)
        } catch {
            return (connection, .failure(error))
        }
        do throws(SceneError) {
            let outcome = try await performAwaitingGuards(request, in: sceneID)
            return (connection, .success(DeepLinkOutcome(outcome, url: url, request: request)))
        } catch {
            // A window discarded while the guards were asked does not come back.
            if case .notConnected = error { throw error }
            return (connection, .failure(DeepLinkError(error, sceneID: sceneID)))
        }
    }
    /// Which window should take `url` (`Scenes.destination(forKind:showing:external:)`).
    public func destination(for url: String, router: URLRouter<Route>, external: Bool) throws(DeepLinkError)
        -> SceneDestination
    {
        var ids = SequentialElementIDs()
        switch try router.parse(url, ids: &ids, limits: external ? router.limits : .trusted) {
        case .state(let scene, let state):
            if external, !router.externalStateURLs.contains(scene) {
                return .unavailable(kind: scene, .closedToExternalSources)
            }
            return destination(forKind: scene, showing: state.focusedScreen.route, external: external)
        case .link(let match):
            var route = match.state?.focusedScreen.route
            if case .presentation(let presentation) = match.resolved { route = presentation.routes.last }
            return destination(forKind: match.scene, showing: route, external: external)
        }
    }
    private func request(for url: String, in sceneID: String, router: URLRouter<Route>, source: ChangeSource)
        throws(DeepLinkError) -> ChangeRequest<Route>
    {
        guard let kind = connections[sceneID]?.kind else { throw .sceneNotConnected(sceneID) }
        return try router.request(for: url, scene: kind, source: source)
    }
}

extension DeepLinkError {
    init(_ error: SceneError, sceneID: String) {
        switch error {
        case .navigation(let refusal): self.init(refusal)
        case .notConnected, .unknownKind, .alreadyConnected: self = .sceneNotConnected(sceneID)
        }
    }
}
