/// Who opens a URL: the app itself, a source the app trusts, or the outside world.
///
/// ``Flow/open(_:source:)`` defaults to `.external(.unknown)`, so an adapter that forgets to
/// name the source fails safe.
public enum LinkSource: Hashable, Sendable, CustomStringConvertible {
    /// The app itself: its own state URLs, buttons that open links.
    case app
    /// A source the app trusts: Handoff from the same team, its own widgets and intents.
    case trusted
    /// Anything else: universal links, custom schemes, notifications, other apps.
    case external(ExternalSource)

    /// Whether the source is external.
    public var isExternal: Bool {
        if case .external = self { return true }
        return false
    }

    /// `app`, `trusted`, or `external(customScheme)` and the like.
    public var description: String {
        switch self {
        case .app: "app"
        case .trusted: "trusted"
        case .external(let origin): "external(\(origin))"
        }
    }
}
