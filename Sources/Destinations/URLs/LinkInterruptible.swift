/// A Destination that decides, at the moment a URL arrives, how links treat its screen: an
/// editor with an unsaved draft defers or refuses links that would remove it, and lets them
/// through once the draft is saved.
///
/// When the screen's Destination adopts the protocol, its answer takes the place of the
/// route pattern's ``RoutePattern/interruption``.
///
/// ```swift
/// extension EditorDestination: LinkInterruptible {
///     var linkInterruption: InterruptionPolicy { hasUnsavedChanges ? .defer : .allow }
/// }
/// ```
@MainActor
public protocol LinkInterruptible: AnyObject {
    /// How a link that would remove or hide the screen is treated now.
    var linkInterruption: InterruptionPolicy { get }
}
