/// A kind of scene (a window's role) and the layout it starts with.
///
/// The layout is also the *skeleton* of the kind's state URLs: a container that fits it prints
/// without a kind marker, and whatever equals the layout's default is left out. So the first
/// state of a scene prints as `scheme://name`.
public struct SceneKind<Route: NavigationRoute>: Sendable {
    /// The name: the first component of the kind's state URLs (`[a-z][a-z0-9-]*`).
    public let name: String
    /// The layout the scene starts with, and the skeleton of its state URLs.
    public let layout: Layout<Route>

    /// Creates a scene kind.
    public init(_ name: String, layout: Layout<Route>) {
        self.name = name
        self.layout = layout
    }
}
