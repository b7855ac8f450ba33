/// Where an external change came from: the kind of an ``ChangeSource/external(_:)`` source.
public enum ExternalSource: Hashable, Sendable, CaseIterable {
    /// A universal link (an `https` URL verified for the app).
    case universalLink
    /// A custom scheme, which any app can claim.
    case customScheme
    /// A notification the user tapped.
    case notification
    /// A Spotlight result or a Siri suggestion.
    case spotlight
    /// Another app.
    case otherApp
    /// A source the adapter did not name.
    case unknown
}
