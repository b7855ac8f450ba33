/// A kind of scene (a window's role), the layout it starts with, and how windows of the kind
/// are shared between the changes that arrive for it.
///
/// The URL module also reads the layout as the skeleton of the kind's state URLs.
public struct SceneKind<Route: NavigationRoute>: Sendable {
    /// Which open window of a kind receives a change meant for the kind.
    public enum Reuse: Sendable {
        /// The window of the kind activated most recently.
        case frontmost
        /// A window whose state shows a route matching the predicate; else a new window.
        case showing(@Sendable (Route) -> Bool)
        /// Always a new window.
        case new
    }
    /// The name (`[a-z][a-z0-9-]*`).
    public let name: String
    /// The layout the scene starts with.
    public let layout: Layout<Route>
    /// Which window receives a change meant for the kind.
    public let reuse: Reuse
    /// The most windows of the kind open at once; `nil` for no limit.
    public let maximumInstances: Int?
    /// Whether sources outside the app may open or reach windows of the kind.
    public let acceptsExternalSources: Bool
    /// Creates a scene kind.
    public init(
        _ name: String,
        layout: Layout<Route>,
        reuse: Reuse = .frontmost,
        maximumInstances: Int? = nil,
        acceptsExternalSources: Bool = true
    ) {
        self.name = name
        self.layout = layout
        self.reuse = reuse
        self.maximumInstances = maximumInstances
        self.acceptsExternalSources = acceptsExternalSources
    }
}
