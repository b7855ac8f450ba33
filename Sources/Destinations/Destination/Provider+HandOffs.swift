extension Provider {
    /// Creates a provider whose screen can be reached with content of several types — an
    /// account screen opened with a loaded account or with its id — and declares them: the
    /// Destination reads the one it was handed from its ``Provider/Input``, and a hand-off of
    /// any other type is refused with ``NavigationError/unexpectedHandOff(route:type:accepted:)``,
    /// the state unchanged, never delivered as `nil`.
    ///
    /// ```swift
    /// Provider(accepting: Account.self, AccountID.self) { (input: Provider<SocialRoute>.Input) in
    ///     if let account = input.handOff(Account.self) { return AccountScreen(account: account) }
    ///     return AccountScreen(id: input.handOff(AccountID.self) ?? input.route.accountID)
    /// }
    /// ```
    ///
    /// The input also carries the flow's environment, so a provider reads the session without
    /// capturing it.
    public init<D: Destination, First: Sendable, each More: Sendable>(
        accepting first: First.Type,
        _ more: repeat (each More).Type,
        screen make: @escaping @MainActor (Provider<Route>.Input) throws -> D,
        @EventConfiguration events configure: (inout EventTable<D>) -> Void = { _ in }
    ) where D.Route == Route {
        var accepted = [HandOffType(first)]
        for type in repeat each more { accepted.append(HandOffType(type)) }
        self.init(accepting: accepted, make, configure)
    }

    /// Creates a provider whose screen reads its ``Provider/Input`` — the flow's environment —
    /// and takes no hand-off: one is refused with
    /// ``NavigationError/unexpectedHandOff(route:type:accepted:)``.
    ///
    /// ```swift
    /// let timeline = Provider.reading { (input: Provider<SocialRoute>.Input) in
    ///     Timeline(session: try input.environment.require(AppSession.self))
    /// }
    /// ```
    public static func reading<D: Destination>(
        _ make: @escaping @MainActor (Provider<Route>.Input) throws -> D,
        @EventConfiguration events configure: (inout EventTable<D>) -> Void = { _ in }
    ) -> Provider where D.Route == Route {
        Provider(accepting: [], make, configure)
    }

    init<D: Destination>(
        accepting accepted: [HandOffType],
        _ make: @escaping @MainActor (Provider<Route>.Input) throws -> D,
        _ configure: (inout EventTable<D>) -> Void
    ) where D.Route == Route {
        var table = EventTable<D>()
        configure(&table)
        self.init(
            TypedProvider(
                make: .input { input in
                    try input.checkHandOff(accepted)
                    return try make(input)
                }, table: table))
    }
}
