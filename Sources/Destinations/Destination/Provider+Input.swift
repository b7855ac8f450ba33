extension Provider {
    /// What a provider is given to build a screen: the route, the content a presentation handed
    /// over, and the flow's environment.
    ///
    /// ```swift
    /// Provider(accepting: Account.self, AccountID.self) { (input: Provider<SocialRoute>.Input) in
    ///     AccountScreen(
    ///         route: input.route,
    ///         account: input.handOff(Account.self),     // the loaded account, when one was handed
    ///         session: try input.environment.require(AppSession.self))
    /// }
    /// ```
    public struct Input: Sendable {
        /// The route of the screen to build.
        public let route: Route
        /// The flow's environment (``FlowConfiguration/environment``).
        public let environment: FlowEnvironment
        /// The content handed over, if any.
        let handed: (any Sendable)?

        init(route: Route, handed: (any Sendable)?, environment: FlowEnvironment) {
            self.route = route
            self.handed = handed
            self.environment = environment
        }

        /// The content handed to the screen when it is a `T`; `nil` when the screen was built any
        /// other way (restored, deep-linked) or was handed another of its declared types.
        public func handOff<T: Sendable>(_ type: T.Type) -> T? {
            handed as? T
        }

        /// Whether a presentation handed the screen content.
        public var hasHandOff: Bool { handed != nil }

        /// Refuses a hand-off of none of the `accepted` types.
        func checkHandOff(_ accepted: [HandOffType]) throws(NavigationError) {
            guard let handed, !accepted.contains(where: { $0.matches(handed) }) else { return }
            throw .unexpectedHandOff(
                route: route.name, type: String(describing: Swift.type(of: handed)), accepted: accepted.map(\.name))
        }
    }
}

/// A type of content a provider declares its screen accepts.
struct HandOffType: Sendable {
    /// The type's name, for errors.
    let name: String
    /// Whether a value is of the type.
    let matches: @Sendable (any Sendable) -> Bool

    init<T: Sendable>(_ type: T.Type) {
        name = String(describing: type)
        matches = { $0 is T }
    }
}
