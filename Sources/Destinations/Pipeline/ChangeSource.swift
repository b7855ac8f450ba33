/// Who asks for a change: the app itself, the user on screen, a source the app trusts, or the
/// outside world.
///
/// The source decides which rules of the pipeline apply (see ``Flow/perform(_:)``): changes
/// from ``external(_:)`` sources meet the request's access rule and limit and the interruption
/// policies of the screens they remove or hide; in-app changes meet only the guards.
public enum ChangeSource: Hashable, Sendable, CustomStringConvertible {
    /// The app itself: events, code, its own state URLs and links.
    case app
    /// The user, on screen: a gesture a renderer reports, an alert's button.
    case user
    /// A source the app trusts: Handoff from the same team, its own widgets and intents.
    case trusted
    /// Anything else: universal links, custom schemes, notifications, other apps.
    case external(ExternalSource)

    /// Whether the source is external.
    public var isExternal: Bool {
        if case .external = self { return true }
        return false
    }

    /// `app`, `user`, `trusted`, or `external(customScheme)` and the like.
    public var description: String {
        switch self {
        case .app: "app"
        case .user: "user"
        case .trusted: "trusted"
        case .external(let origin): "external(\(origin))"
        }
    }
}
