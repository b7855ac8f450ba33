#if canImport(UIKit) && !os(watchOS)
public import Destinations
public import UIKit

/// A storyboard segue that runs through the flow: its source screen, the route it leads to,
/// and content handed over as the mediation.
///
/// Give the segue this class (a subclass of it without generic parameters, which a storyboard
/// can name), and say where it leads in the source's `prepare(for:sender:)`:
///
/// ```swift
/// final class NotesSegue: FlowSegue<AppRoute> {}
///
/// override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
///     guard let segue = segue as? NotesSegue, let note = sender as? Note else { return }
///     segue.presentation = .push(.note(id: note.id))   // the route it leads to
///     segue.handing = note                              // the mediation: the note itself
/// }
/// ```
///
/// When the segue performs, it finds the ``FlowController`` that shows its source and the
/// source's screen, and applies the presentation from there, handing the content to the new
/// screen's provider. The flow controller then shows the new screen with the controller its
/// builder makes: the controller the storyboard instantiated for the segue is not shown, so
/// that the state stays the one truth of what is on screen. A refused presentation goes to the
/// flow's logger, ``/Destinations/Flow/onRefusal`` and the event stream; ``problem`` says why the segue did
/// nothing.
@MainActor
open class FlowSegue<Route: NavigationRoute>: UIStoryboardSegue {
    /// What the segue shows, from its source's screen; set it in `prepare(for:sender:)`.
    public var presentation: Presentation<Route>?
    /// The content handed to the Destination of the screen the presentation adds.
    public var handing: (any Sendable)?
    /// Why the last `perform()` changed nothing, if it did not.
    public private(set) var problem: FlowSegueProblem?

    /// Applies ``presentation`` from the source's screen.
    override open func perform() {
        problem = nil
        guard let presentation else {
            problem = .noPresentation(identifier: identifier)
            return
        }
        guard let (flowController, screen) = Self.screen(showing: source) else {
            problem = .sourceNotInFlow(identifier: identifier)
            return
        }
        do {
            try flowController.flow.apply(presentation, from: screen, handing: handing)
        } catch {
            problem = .refused(error)
        }
    }

    /// The flow controller that shows `controller`, and the element `controller` shows.
    static func screen(showing controller: UIViewController) -> (FlowController<Route>, ElementID)? {
        var current: UIViewController? = controller
        while let candidate = current {
            if let flowController = candidate as? FlowController<Route> {
                guard let id = flowController.controllers.first(where: { $0.value === controller })?.key else {
                    return nil
                }
                return (flowController, id)
            }
            current = candidate.parent ?? candidate.presentingViewController
        }
        return nil
    }
}

/// Why a ``FlowSegue`` changed nothing.
public enum FlowSegueProblem: Error, Hashable, Sendable {
    /// No presentation was set before the segue performed.
    case noPresentation(identifier: String?)
    /// The segue's source is not a screen a ``FlowController`` shows.
    case sourceNotInFlow(identifier: String?)
    /// The flow refused the presentation; the state is unchanged.
    case refused(NavigationError)
}
#endif
