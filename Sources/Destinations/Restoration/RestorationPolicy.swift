public import Foundation

/// What restoration does with a saved screen of a route.
public enum RestorationPolicy<Route: NavigationRoute>: Sendable, Hashable {
    /// The screen comes back.
    case restore
    /// The screen never comes back (a payment sheet): a stack keeps the screens below it, a
    /// modal showing it is dropped.
    case never
    /// The screen comes back showing another route (a draft editor reopens the list).
    case replace(with: Route)
    /// The screen comes back only if the snapshot is at most `seconds` old.
    case maximumAge(TimeInterval)
}

/// A step that brings a snapshot saved with schema version `from` to `from + 1`, on the raw
/// tree, before any of it is read as routes.
///
/// ```swift
/// // Version 2 renamed the route `compose` to `editNote`.
/// let renameCompose = SnapshotMigration(from: 1) { tree in
///     tree.rewriteScreens { screen in
///         screen["compose"].map { .object(["editNote": $0]) } ?? screen
///     }
/// }
/// ```
public struct SnapshotMigration: Sendable {
    /// The schema version the migration reads.
    public let from: Int
    let body: @Sendable (inout SnapshotValue) throws -> Void

    /// Creates a migration from version `from` to `from + 1`.
    public init(from: Int, _ body: @escaping @Sendable (inout SnapshotValue) throws -> Void) {
        self.from = from
        self.body = body
    }
}

extension SnapshotValue {
    /// Rewrites the `screen` value of every saved element of a saved state: the route as the
    /// app's `Codable` conformance wrote it. For migrations that rename or reshape routes.
    public mutating func rewriteScreens(_ transform: (SnapshotValue) throws -> SnapshotValue) rethrows {
        switch self {
        case .object(var members):
            if let screen = members["screen"] { members["screen"] = try transform(screen) }
            for (key, value) in members where key != "screen" {
                var child = value
                try child.rewriteScreens(transform)
                members[key] = child
            }
            self = .object(members)
        case .array(var values):
            for index in values.indices { try values[index].rewriteScreens(transform) }
            self = .array(values)
        default:
            break
        }
    }
}
