/// A Destination that decides, at the moment a change from outside the app arrives, how that
/// change treats its screen: an editor with an unsaved draft defers or refuses changes that
/// would remove it, and lets them through once the draft is saved.
///
/// Its answer takes the place of the request's ``ChangeRequest/fallbackInterruption`` (for
/// URLs, the route pattern's policy).
///
/// ```swift
/// extension EditorDestination: Interruptible {
///     var interruption: InterruptionPolicy { hasUnsavedChanges ? .defer : .allow }
/// }
/// ```
@MainActor
public protocol Interruptible: AnyObject {
    /// How a change from outside that would remove or hide the screen is treated now.
    var interruption: InterruptionPolicy { get }
}
