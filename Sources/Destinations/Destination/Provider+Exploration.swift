extension Provider {
    /// Sends one of the provider's configured events, named as in ``configuredEvents``, to a
    /// Destination it built, as the Destination's view would.
    ///
    /// Tools that explore a flow without knowing its Destinations' types — a test harness's
    /// random walk, a debug menu — use it to fire whatever a visible screen offers:
    ///
    /// ```swift
    /// let provider = providers.provider(for: route)
    /// for name in provider?.configuredEvents ?? [] {
    ///     try provider?.send(eventNamed: name, to: destination, content: nil)
    /// }
    /// ```
    ///
    /// The event goes through the Destination's own link to its flow, exactly as
    /// ``Destination/send(_:content:)`` does, but with the content checked only at run time.
    ///
    /// - Throws: ``NavigationError/unconfiguredEvent(event:route:)`` when the provider
    ///   configures no event of that name or `destination` is not of the type it builds;
    ///   otherwise whatever sending the event throws. The state is then unchanged.
    public func send(eventNamed name: String, to destination: AnyObject, content: (any Sendable)?)
        throws(NavigationError)
    {
        try box.send(eventNamed: name, to: destination, content: content)
    }
}
