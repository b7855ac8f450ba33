/// A kind of scene (a window's role), the layout it starts with, and how windows of the kind
/// are shared between links.
///
/// The layout is also the *skeleton* of the kind's state URLs: a container that fits it prints
/// without a kind marker, and whatever equals the layout's default is left out. So the first
/// state of a scene prints as `scheme://name`.
public struct SceneKind<Route: NavigationRoute>: Sendable {
    /// Which open window of a kind receives a link.
    public enum Reuse: Sendable {
        /// The window of the kind activated most recently.
        case frontmost
        /// A window whose state shows a route matching the predicate; else a new window.
        case showing(@Sendable (Route) -> Bool)
        /// Always a new window.
        case new
    }
    /// The name: the first component of the kind's state URLs (`[a-z][a-z0-9-]*`).
    public let name: String
    /// The layout the scene starts with, and the skeleton of its state URLs.
    public let layout: Layout<Route>
    /// Which window receives a link meant for the kind.
    public let reuse: Reuse
    /// The most windows of the kind open at once; `nil` for no limit.
    public let maximumInstances: Int?
    /// Whether links from outside the app may open or reach windows of the kind.
    public let acceptsExternalLinks: Bool
    /// Whether sources outside the app may open the kind's state URLs. Off unless set: a state
    /// URL can name any screen, while a deep link names only what its author chose. Trusted
    /// sources and the app always may.
    public let acceptsExternalStateURLs: Bool
    /// Creates a scene kind.
    public init(
        _ name: String,
        layout: Layout<Route>,
        reuse: Reuse = .frontmost,
        maximumInstances: Int? = nil,
        acceptsExternalLinks: Bool = true,
        acceptsExternalStateURLs: Bool = false
    ) {
        self.name = name
        self.layout = layout
        self.reuse = reuse
        self.maximumInstances = maximumInstances
        self.acceptsExternalLinks = acceptsExternalLinks
        self.acceptsExternalStateURLs = acceptsExternalStateURLs
    }
}
