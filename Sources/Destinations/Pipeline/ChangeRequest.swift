// Performance: the push-back, select-tab and sheet figures and the event path (Benchmarks/README.md, "Figures").
/// One change asked of a ``Flow``: what should change, why, who asks, and from where.
///
/// Every door of the flow — ``Flow/apply(_:from:handing:)``, a Destination's event, a user's
/// gesture, an alert's button, ``Flow/restore(_:)``, a URL, a scene, the inspector's time
/// travel — turns what it was given into a request and hands it to ``Flow/perform(_:)``,
/// which takes every request through the same steps. Build one directly for a door of your
/// own:
///
/// ```swift
/// let request = ChangeRequest<AppRoute>.presentation(.push(.checkout), source: .external(.notification))
/// switch try flow.perform(request) {
/// case .applied, .unchanged, .queued: break
/// case .redirected(let guardName): log("waiting for \(guardName)")
/// case .deferred, .needsConfirmation: askTheUserLater()
/// }
/// ```
public struct ChangeRequest<Route: NavigationRoute>: Sendable {
    /// What should change.
    public enum Change: Sendable {
        /// A presentation, applied from the request's ``ChangeRequest/origin`` (by default the
        /// focused screen).
        case presentation(Presentation<Route>)
        /// A whole target state, committed element by element against the current one:
        /// elements whose id and route are unchanged keep their Destinations.
        case state(NavigationState<Route>)
        /// A target state computed when the request runs, from the state as it is then and a
        /// copy of the flow's id generator for the elements it adds: a URL's plan. Return the
        /// current state to change nothing.
        case planned(
            @MainActor @Sendable (NavigationState<Route>, inout any ElementIDGenerator) throws(NavigationError) ->
                NavigationState<Route>)
        /// A change the user made on screen, reported by a renderer.
        case userAction(UserAction<Route>)
        /// A tap on button `button` of the alert or confirmation dialog whose content is
        /// `alert`: the button's event, then the alert's dismissal.
        case alertTap(button: Int, alert: ElementID)
    }

    /// How the request treats the ``InterruptionPolicy`` of the screens it would remove or
    /// hide.
    public enum Interruptions: Hashable, Sendable {
        /// They are not asked: in-app changes.
        case ignore
        /// They are asked; the strictest answer decides (external sources).
        case ask
        /// The user confirmed the change (``ChangeOutcome/needsConfirmation(_:)``): screens
        /// that confirm or defer let it through; one that rejects still refuses.
        case confirmed
    }

    /// What should change.
    public var change: Change
    /// Why: what the flow's events, logs and guards record.
    public var cause: FlowEvent<Route>.Cause
    /// Who asks.
    public var source: ChangeSource
    /// The element the change starts from; `nil` for the focused screen.
    public var origin: ElementID?
    /// Content handed to the Destination of the screen a presentation ends on.
    public var content: (any Sendable)? {
        get { options?.values.content }
        set { updateOptions { $0.content = newValue } }
    }
    /// How the screens in the way are asked; by default they are asked for external sources
    /// only.
    public var interruptions: Interruptions
    /// Which routes the source may add: every route the change adds must pass, or the request
    /// is refused with ``NavigationError/accessDenied(route:source:)``. `nil` lets every route
    /// through. Checked for external sources only.
    public var access: (@Sendable (Route) -> Bool)? {
        get { options?.values.access }
        set { updateOptions { $0.access = newValue } }
    }
    /// The most screens the resulting state may hold for this request, below the flow's own
    /// ``FlowConfiguration/maximumScreens``.
    public var maximumScreens: Int? {
        get { options?.values.maximumScreens }
        set { updateOptions { $0.maximumScreens = newValue } }
    }
    /// The interruption policy of a screen whose Destination is not ``Interruptible``; `nil`
    /// means ``InterruptionPolicy/allow``.
    public var fallbackInterruption: (@Sendable (Route) -> InterruptionPolicy)? {
        get { options?.values.fallbackInterruption }
        set { updateOptions { $0.fallbackInterruption = newValue } }
    }
    /// Something asynchronous the request asks before it decides what changes (a server: what
    /// does this URL point to?); its answer replaces ``change``. Only the awaiting door
    /// (``Flow/performAwaitingGuards(_:)``) performs such a request.
    public var resolution: Resolution? {
        get { options?.values.resolution }
        set { updateOptions { $0.resolution = newValue } }
    }

    /// The Destination that asked for the change and its screen, which must still be live when
    /// the change runs.
    @usableFromInline var sender: Flow<Route>.Sender?
    /// A modal to dismiss in the same transaction before the change: the redirect's screen,
    /// when a pending change resumes.
    @usableFromInline var dismissingFirst: ElementID?
    /// What a resumed pending change brings from its wait; `nil` for every other request.
    var resumption: Resumption? {
        get { options?.values.resumption }
        set { updateOptions { $0.resumption = newValue } }
    }
    /// What most requests leave unset (``content``, ``access``, ``maximumScreens``,
    /// ``fallbackInterruption``, ``resolution``, the resumption), out of line: `nil` when all
    /// of it is unset.
    var options: Options?

    /// What a resumed pending change brings from its wait: the redirect it waited behind and
    /// the deadline it keeps, however often it waits again.
    struct Resumption: Sendable {
        /// The wait it resumes: waiting again, it is the same wait.
        var id: UInt64
        /// The screens of the redirect it waited behind, when they still show.
        var redirectScreens: [ElementID]
        /// The guard whose redirect it waited behind, if one did.
        var guardName: String?
        /// When it stops being resumable: the deadline of its first wait.
        var expires: ContinuousClock.Instant {
            get { deadline.instant }
            set { deadline = Deadline(newValue) }
        }
        /// ``expires``, in a form of fixed size.
        private var deadline: Deadline

        init(id: UInt64, redirectScreens: [ElementID], guardName: String?, expires: ContinuousClock.Instant) {
            self.id = id
            self.redirectScreens = redirectScreens
            self.guardName = guardName
            deadline = Deadline(expires)
        }
    }

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - change: What should change.
    ///   - cause: Why; by default derived from the change.
    ///   - source: Who asks; by default the app.
    ///   - origin: The element the change starts from; by default the focused screen.
    ///   - content: Content for the screen a presentation ends on.
    @inlinable
    public init(
        _ change: Change,
        cause: FlowEvent<Route>.Cause? = nil,
        source: ChangeSource = .app,
        origin: ElementID? = nil,
        content: (any Sendable)? = nil
    ) {
        self.change = change
        self.source = source
        self.origin = origin
        self.interruptions = source.isExternal ? .ask : .ignore
        self.cause = cause ?? Self.defaultCause(of: change, origin: origin)
        if let content { self.content = content }
    }

    /// A presentation from `origin` (by default the focused screen).
    @inlinable
    public static func presentation(
        _ presentation: Presentation<Route>,
        from origin: ElementID? = nil,
        source: ChangeSource = .app,
        handing content: (any Sendable)? = nil
    ) -> ChangeRequest {
        ChangeRequest(.presentation(presentation), source: source, origin: origin, content: content)
    }

    /// A saved state brought back (``FlowEvent/Cause/restore``).
    public static func restore(_ state: NavigationState<Route>, source: ChangeSource = .app) -> ChangeRequest {
        ChangeRequest(.state(state), cause: .restore, source: source)
    }

    /// A change the user made on screen.
    public static func userAction(_ action: UserAction<Route>) -> ChangeRequest {
        ChangeRequest(.userAction(action), source: .user)
    }

    /// A tap on an alert's button.
    public static func alertTap(_ button: Int, of alert: ElementID) -> ChangeRequest {
        ChangeRequest(.alertTap(button: button, alert: alert), source: .user)
    }

    /// Whether the request, once it is not refused, supersedes those waiting for asynchronous
    /// guards: one from an external or trusted source that does not ask first.
    var supersedes: Bool {
        resolution == nil && (source.isExternal || source == .trusted)
    }

    @inlinable
    static func defaultCause(of change: Change, origin: ElementID?) -> FlowEvent<Route>.Cause {
        switch change {
        case .presentation(let presentation): .presentation(presentation, from: origin)
        case .state, .planned: .restore
        case .userAction(let action): .userAction(action)
        case .alertTap(_, let alert): .userAction(.dismissed(modal: alert))
        }
    }
}
