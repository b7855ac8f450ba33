public import Destinations

/// What the flow does with a URL: apply a presentation, or merge a state.
public enum NavigationTarget<Route: NavigationRoute>: Sendable, Equatable {
    /// A presentation, applied from the focused screen (a deep link) or from the anchor (a
    /// relative path).
    case presentation(Presentation<Route>)
    /// A state of the scene, to merge with the current one: what it mentions is set, elements
    /// that did not change keep their ids.
    case state(NavigationState<Route>)
}
