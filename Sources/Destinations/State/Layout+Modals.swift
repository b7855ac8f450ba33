extension Layout {
    /// A layout with modals presented over it: where a flow or a test can start, on the add sheet
    /// rather than on the list under it.
    ///
    /// ```swift
    /// let start = Layout<AppRoute>.stack(.meetings).presenting(.addMeeting)
    /// let flow = try Flow(start, providers: providers)
    /// ```
    ///
    /// Write it as a layout followed by `presenting`; where a flow, a harness or a random walk
    /// expects one, the layout's cases can be written as they are (`.stack(.meetings)`), and a plain
    /// ``Layout`` is taken as it always was.
    ///
    /// Each modal is presented, in order, by the focused screen of what is under it — the layout's
    /// focused screen, then the first modal's — with the same rules as
    /// ``Presentation/present(_:style:)``: an alert holds one screen and presents nothing.
    public struct Presenting: Hashable, Sendable {
        /// One presented modal: how, and what it shows.
        public struct PresentedLayout: Hashable, Sendable {
            /// How the modal is presented.
            public var style: ModalStyle
            /// What it shows.
            public var layout: Layout<Route>

            /// Creates a presented modal.
            public init(_ layout: Layout<Route>, style: ModalStyle) {
                self.layout = layout
                self.style = style
            }
        }

        /// The layout under the modals.
        public var base: Layout<Route>
        /// The modals, bottom first.
        public var modals: [PresentedLayout]

        /// Creates a layout with modals over it.
        public init(_ base: Layout<Route>, modals: [PresentedLayout] = []) {
            self.base = base
            self.modals = modals
        }

        /// A layout of one screen, to present modals over.
        public static func screen(_ route: Route) -> Presenting { Presenting(.screen(route)) }

        /// A layout of a stack of the given screens, root first, to present modals over.
        public static func stack(_ routes: [Route]) -> Presenting { Presenting(.stack(routes)) }

        /// A layout of a stack of the given screens, root first, to present modals over.
        public static func stack(_ root: Route, _ pushed: Route...) -> Presenting {
            Presenting(.stack([root] + pushed))
        }

        /// A layout of a tab bar, to present modals over.
        public static func tabs(_ tabs: [TabLayout<Route>], selected: TabID? = nil) -> Presenting {
            Presenting(.tabs(tabs, selected: selected))
        }

        /// A layout of a split view, to present modals over.
        public static func split(
            sidebar: Layout<Route>, content: Layout<Route>? = nil, detail: Layout<Route>? = nil,
            primary: SplitColumn? = nil
        ) -> Presenting {
            Presenting(.split(sidebar: sidebar, content: content, detail: detail, primary: primary))
        }

        /// A layout of a side column beside main content, to present modals over.
        public static func sideColumn(_ side: Layout<Route>, beside main: Layout<Route>) -> Presenting {
            Presenting(.sideColumn(side, beside: main))
        }

        /// The layout with one more modal on top, presented by the focused screen of the one below.
        public func presenting(_ layout: Layout<Route>, style: ModalStyle = .sheet) -> Presenting {
            Presenting(base, modals: modals + [PresentedLayout(layout, style: style)])
        }

        /// The layout with one more modal on top showing `route`, presented by the focused screen
        /// of the one below.
        public func presenting(_ route: Route, style: ModalStyle = .sheet) -> Presenting {
            presenting(.screen(route), style: style)
        }

        /// The presentations that put the modals on the base layout, in order.
        public var presentations: [Presentation<Route>] {
            modals.map { .present($0.layout, style: $0.style) }
        }

        /// The routes the layout shows, base first.
        public var routes: [Route] {
            base.routes + modals.flatMap { $0.layout.routes }
        }
    }
}

extension Layout {
    /// This layout with a modal presented by its focused screen.
    ///
    /// ```swift
    /// Layout<AppRoute>.stack(.meetings, .meeting(id: 1)).presenting(.editMeeting(id: 1))
    /// Layout<AppRoute>.stack(.meetings).presenting(.screen(.deleteAlert), style: .alert)
    /// ```
    public func presenting(_ layout: Layout, style: ModalStyle = .sheet) -> Presenting {
        Presenting(self).presenting(layout, style: style)
    }

    /// This layout with a modal showing `route`, presented by its focused screen.
    public func presenting(_ route: Route, style: ModalStyle = .sheet) -> Presenting {
        presenting(.screen(route), style: style)
    }
}

extension NavigationState {
    /// Creates the state a layout with modals describes, taking ids from `ids`: the base first,
    /// then each modal.
    ///
    /// - Throws: ``NavigationError/invalidLayout(_:)`` for a layout that cannot be built, or the
    ///   error of a modal that cannot be presented there (an alert presenting, a modal over an
    ///   alert).
    @_disfavoredOverload
    public init<IDs: ElementIDGenerator>(_ layout: Layout<Route>.Presenting, ids: inout IDs) throws(NavigationError) {
        let base = try NavigationState(layout.base, ids: &ids)
        guard !layout.modals.isEmpty else {
            self = base
            return
        }
        var transaction = NavigationTransaction(state: base, ids: ids)
        for presentation in layout.presentations {
            try transaction.apply(presentation)
        }
        if let advanced = transaction.ids as? IDs { ids = advanced }
        self = transaction.state
    }
}

extension Flow {
    /// Creates a flow showing a layout with modals over it: the base layout's screens are
    /// built and shown first, then each modal is presented through the flow's one pipeline, as
    /// an app would after its start (guards included).
    ///
    /// - Throws: What ``init(_:providers:ids:logger:)`` throws, or the error of a modal that
    ///   cannot be presented; no flow is made then.
    @_disfavoredOverload
    public convenience init(
        _ layout: Layout<Route>.Presenting,
        providers: Providers<Route>,
        ids: some ElementIDGenerator = SequentialElementIDs(),
        logger: FlowLogger = .standard
    ) throws(NavigationError) {
        var configuration = FlowConfiguration(layout: layout.base, providers: providers, logger: logger)
        configuration.ids = ids
        try self.init(configuration, presenting: layout.modals)
    }

    /// Creates a flow from its configuration with modals over its layout, each presented
    /// through the flow's one pipeline (guards included).
    ///
    /// A modal that would be refused is refused first, before any Destination is built or any
    /// hook runs: one that cannot be presented there (an alert presenting, a modal over an
    /// alert), a route no provider builds, a guard's denial, an asynchronous guard that would
    /// have to be asked. A guard's redirect is no refusal: the flow starts and follows it.
    ///
    /// - Throws: What ``init(_:)`` throws, or the error of a modal that cannot be presented;
    ///   no flow is made then, and no provider, interactor or Destination was called.
    public convenience init(
        _ configuration: FlowConfiguration<Route>,
        presenting modals: [Layout<Route>.Presenting.PresentedLayout]
    ) throws(NavigationError) {
        let presentations = Layout<Route>.Presenting(configuration.layout, modals: modals).presentations
        if !presentations.isEmpty {
            try Self.refuseModals(presentations, of: configuration)
        }
        try self.init(configuration)
        for presentation in presentations {
            try apply(presentation)
        }
    }

    /// Plans and judges the start's modals as the pipeline does — the same plan, the same
    /// judge — on a flow with nothing built, and throws what the flow would refuse them for.
    private static func refuseModals(
        _ presentations: [Presentation<Route>],
        of configuration: FlowConfiguration<Route>
    ) throws(NavigationError) {
        // Ids of its own: an app's generator, when it is an object, is not advanced twice.
        var plain = configuration
        plain.ids = SequentialElementIDs()
        let dryRun = try Flow(unbuilt: plain)
        dryRun.screenCount = dryRun.storage.screens.count
        for presentation in presentations {
            let request = ChangeRequest<Route>.presentation(presentation)
            guard case .transaction(let transaction) = try dryRun.planChange(request, index: nil) else { continue }
            let proposed = transaction.state
            let changes = proposed.changes(from: dryRun.storage)
            for screen in changes.added {
                guard let route = screen.route else { continue }
                guard configuration.providers.provider(for: route) != nil else { throw .noProvider(route: route.name) }
            }
            // A guard's redirect is no refusal: the pipeline follows it when the flow starts.
            if case .redirect = try dryRun.judge(
                request, added: changes.added, removed: changes.removed, proposed: proposed, judgedAsync: [])
            {
                return
            }
            dryRun.storage = proposed
            dryRun.index = ElementIndex(proposed)
            dryRun.ids = transaction.ids
            dryRun.focusedScreenID = proposed.root.focusedID
            dryRun.screenCount += changes.added.count - changes.removed.count
        }
    }
}
