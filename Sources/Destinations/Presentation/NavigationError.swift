/// Why a navigation change was refused. The state is always left exactly as it was.
///
/// Each case says what went wrong and where: the element the change started from, the route
/// or tab it named. A failure inside a ``Presentation/path(_:)`` is wrapped in
/// ``step(_:of:_:)`` with the failing step's position.
public indirect enum NavigationError: Error, Hashable, Sendable {
    /// No element with this id is in the state.
    case unknownElement(ElementID)
    /// The element is not a screen where one was needed (replacing the current screen).
    case notAScreen(ElementID, kind: NodeKind)
    /// No stack encloses the element, within its modal.
    case noStack(from: ElementID)
    /// The stack holds only its root: there is nothing to go back to.
    case cannotGoBack(stack: ElementID)
    /// No earlier screen of the route is in the stack.
    case routeNotInStack(route: String, stack: ElementID)
    /// No tab bar encloses the element.
    case noTabs(from: ElementID)
    /// The tab bar has no tab of that name.
    case unknownTab(TabID, tabs: ElementID)
    /// The tab bar has a tab or an action item of that name already.
    case duplicateTab(TabID, tabs: ElementID)
    /// The change would leave the tab bar with no tab to show: removing its last visible tab,
    /// or hiding every tab.
    case noTabLeft(tabs: ElementID)
    /// The tab is hidden (``Tabs/hidden``), so it cannot be selected; arrange the tabs to show
    /// it first.
    case tabHidden(TabID, tabs: ElementID)
    /// The tab bar has no action item of that name.
    case unknownTabAction(TabID, tabs: ElementID)
    /// No split view encloses the element.
    case noSplit(from: ElementID)
    /// The split view has no such column (a two-column split has no content column).
    case noSuchColumn(SplitColumn, split: ElementID)
    /// A stack-shaped change (``Presentation/setStack(_:)``) would replace the root of the
    /// stack in a split view's column with `route`: a path shaped for a stack layout, applied to
    /// a split layout, whose screens belong in other columns. Use
    /// ``Presentation/showNext(_:)``, which fits both layouts, or ``Presentation/show(_:in:)``.
    case stackShapedPathInSplit(route: String, column: SplitColumn, split: ElementID)
    /// No modal encloses the element: there is nothing to dismiss.
    case nothingToDismiss(from: ElementID)
    /// The element already presents a modal, or an element inside it does.
    case alreadyPresenting(ElementID)
    /// The element is an alert or a confirmation dialog, which cannot present anything.
    case overlayCannotPresent(ElementID)
    /// The element is not on the focus path, so a modal it presented would not show: `by` is
    /// the content of the modal that covers it, or the selected tab's node when it is in
    /// another tab. Every modal lies on the focus path (one presentation chain).
    case presenterHidden(ElementID, by: ElementID)
    /// An alert or a confirmation dialog must show one screen, not a container.
    case overlayNeedsScreen(ModalStyle)
    /// A layout that cannot be built.
    case invalidLayout(LayoutProblem)
    /// The id generator has no id left at or below ``ElementID/maximum``.
    case idsExhausted
    /// No provider builds this route.
    case noProvider(route: String)
    /// The provider threw while building the route's Destination.
    case providerFailed(route: String, reason: String)
    /// A presentation handed the screen of `route` content of a type its provider does not
    /// declare (`type`; `accepted` lists those it declares): refused rather than delivered as
    /// `nil`.
    case unexpectedHandOff(route: String, type: String, accepted: [String])
    /// Something read an object of `type` from the flow's ``FlowEnvironment`` that the
    /// configuration was not given.
    case missingEnvironmentObject(type: String)
    /// The Destination that sent an event is no longer in the flow.
    case destinationRemoved(ElementID)
    /// An alert's button is for a presenter of type `expected`, and the screen the alert is
    /// presented from (`presenter`) is another type (a guard's redirect shows its alert from
    /// the focused screen, whatever screen asked).
    case presenterMismatch(expected: String, presenter: ElementID)
    /// The Destination's provider configures nothing for this event.
    case unconfiguredEvent(event: String, route: String)
    /// The event's content is not of the type its assistant takes.
    case contentMismatch(event: String, expected: String, actual: String)
    /// The event's assistant threw while building its presentation.
    case assistantFailed(event: String, reason: String)
    /// A custom presentation refused the change.
    case customFailed(name: String, reason: String)
    /// The user-driven change does not match the state (a stale gesture).
    case staleUserAction(UserActionProblem)
    /// A state that breaks the model's rules, refused by ``Flow/restore(_:)`` (decoding refuses
    /// it too).
    case corruptState(StateProblem)
    /// The flow's configuration is invalid.
    case invalidConfiguration([ConfigurationProblem])
    /// Step `index` (from 0) of a path of `count` steps failed; nothing of the path was applied.
    case step(Int, of: Int, NavigationError)
    /// The change was requested while another was being computed or built (by a provider or a
    /// custom presentation), and that change was refused with the given error: what it asked
    /// for belonged to a change that did not happen.
    case requestedDuringRefusedChange(NavigationError)
    /// A ``NavigationGuard`` denied the change: it would have added `route` (when the guard
    /// named one), for `reason`.
    case guardDenied(guard: String, route: String?, reason: String)
    /// Redirects led to redirects more than `count` times.
    case redirectLoop(count: Int)
    /// The pending change waited longer than ``FlowConfiguration/pendingLifetime`` and was
    /// dropped.
    case pendingExpired
    /// An ``AsyncNavigationGuard`` watches a route the change adds, and the door that asked
    /// cannot wait: ask again with the awaiting form (``Flow/performAwaitingGuards(_:)``).
    case awaitsAsyncGuards(guard: String)
    /// An ``AsyncNavigationGuard`` did not answer within
    /// ``FlowConfiguration/asyncGuardTimeout``.
    case guardTimedOut(guard: String)
    /// The request asks something asynchronous before it decides (``ChangeRequest/resolution``),
    /// and the door that asked cannot wait: use ``Flow/performAwaitingGuards(_:)``.
    case awaitsResolution(String)
    /// The request's resolution did not answer within ``FlowConfiguration/asyncGuardTimeout``.
    case resolutionTimedOut(String)
    /// The request's resolution answered that there is nothing to do (`nil`).
    case resolutionDeclined(String)
    /// The request's resolution threw: its name and the error, as text.
    case resolutionFailed(String, reason: String)
    /// A newer request was made while this one waited for an asynchronous guard (the newest
    /// wins), or the task waiting was cancelled.
    case superseded
    /// A change from an external source would add a route its request does not open to it
    /// (``ChangeRequest/access``).
    case accessDenied(route: String, source: ChangeSource)
    /// The state the change leads to would hold `count` screens, more than `limit`.
    case tooManyScreens(count: Int, limit: Int)
    /// A screen whose ``InterruptionPolicy`` is ``InterruptionPolicy/reject`` is in the way of
    /// a change from outside.
    case interrupted(route: String, element: ElementID)
    /// The state changed since the plan was made, or another change is being committed
    /// (``Flow/commit(_:)``).
    case stalePlan
    /// A URL door refused a link that does not accept URLs from `source` (the link `pattern`
    /// names its sources); reported like every refusal, before any change is planned.
    case sourceNotAllowed(pattern: String, source: ChangeSource)
    /// A URL door refused a state URL or a link of another scene kind than the flow's.
    case wrongScene(expected: String, found: String)
    /// A URL door refused an external state URL of a scene kind that does not open them.
    case externalStateURLsDisabled(scene: String)

    /// The innermost error, without the path steps around it.
    public var underlying: NavigationError {
        if case .step(_, _, let inner) = self { return inner.underlying }
        return self
    }
}

/// Why a ``Layout`` cannot be built.
public enum LayoutProblem: Hashable, Sendable {
    /// A stack needs at least its root.
    case emptyStack
    /// A tab bar needs at least one tab.
    case emptyTabs
    /// Two tabs share a name.
    case duplicateTab(TabID)
    /// The selected tab is not in the bar.
    case unknownSelectedTab(TabID)
    /// The selected tab is hidden (``TabLayout/isHidden``), or every tab is.
    case hiddenSelectedTab(TabID)
    /// A split declares as primary a column it does not have: `.content` in a two-column split.
    case primaryColumnMissing(SplitColumn)
}

/// Why a user-driven change does not fit the state: usually a report that arrived after the
/// state moved on.
public enum UserActionProblem: Hashable, Sendable {
    /// The element the report names is no longer in the state.
    case elementGone(ElementID)
    /// The element is not a stack.
    case notAStack(ElementID)
    /// The element is not a split view.
    case notASplit(ElementID)
    /// The screen the report leaves on top is not in the stack.
    case notInStack(ElementID, stack: ElementID)
    /// No modal shows this content any more.
    case modalGone(ElementID)
    /// The element is not the content of a modal.
    case notAModal(ElementID)
    /// The modal is not a sheet.
    case notASheet(ElementID)
    /// The sheet does not offer that detent.
    case detentNotOffered(SheetDetent, modal: ElementID)
    /// The element is not a tab bar.
    case notTabs(ElementID)
    /// The element is not what a split view's column shows.
    case notAColumn(ElementID)
    /// The sidebar of a split view cannot be closed.
    case sidebarCannotClose(split: ElementID)
    /// The alert has no button at that index.
    case noSuchButton(Int, alert: ElementID)
}

extension NavigationError {
    /// A problem found by validating a flow's configuration before it starts.
    public enum ConfigurationProblem: Hashable, Sendable {
        /// A route that the flow can reach has no provider.
        case missingProvider(route: String)
        /// An event of the Destination for this route is configured more than once.
        case duplicateEvent(event: String, route: String)
        /// An event of the Destination for this route has no configuration.
        case unconfiguredEvent(event: String, route: String)
    }
}
