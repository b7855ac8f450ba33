public import Destinations

/// Why a state could not be printed as a URL.
public enum URLPrintError: Error, Hashable, Sendable {
    /// No route pattern prints this route; validation reports it at start for every route the
    /// flow can reach (``URLConfigurationProblem/noURLPattern(route:)``).
    case noPattern(route: String)
    /// The router has no scene kind of that name.
    case unknownScene(String)
    /// A sheet detent that the grammar cannot carry: a fraction outside (0, 1] or a height that
    /// is not above 0, or one that is not finite.
    case invalidDetent(SheetDetent)
    /// The element is not a screen on the focus chain that a cut state would focus
    /// (``URLRouter/stateURL(for:scene:upTo:)``).
    case notAWaypoint(ElementID)
}
