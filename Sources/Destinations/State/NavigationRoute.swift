/// The app's screens, with their payloads: usually an enum.
///
/// ```swift
/// enum AppRoute: NavigationRoute, Codable {
///     case notes
///     case note(id: Int)
///     case editNote(id: Int)
///     case settings
/// }
/// ```
///
/// A route is both *which* screen and *what it shows*: `.note(id: 12)` names the detail screen
/// and the note on it. Routes are values, so a whole navigation state built from them can be
/// compared, printed, saved and restored.
public protocol NavigationRoute: Hashable, Sendable {
    /// The name of the route's kind, without its payload: `"note"` for `.note(id: 12)`.
    ///
    /// Errors, transcripts and the flow graph use it. The default implementation reads the
    /// enum case's name; implement it yourself for a route that is not an enum.
    var name: String { get }
}

extension NavigationRoute {
    public var name: String {
        let mirror = Mirror(reflecting: self)
        if mirror.displayStyle == .enum, let label = mirror.children.first?.label {
            return label
        }
        let text = String(describing: self)
        return String(text.prefix { $0 != "(" })
    }
}
