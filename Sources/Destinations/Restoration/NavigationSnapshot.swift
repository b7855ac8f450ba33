import Foundation

/// A saved navigation state in its envelope: the app's schema version, when it was saved, and
/// the state as a raw tree.
///
/// ```swift
/// // Saving, when the scene goes to the background:
/// let data = try NavigationSnapshot(flow.state, schemaVersion: 3).encoded()
///
/// // Restoring, at the next launch (never throws):
/// let restored = restoration.restore(data)
/// try flow.restore(restored.state)
/// log(restored.report)
/// ```
///
/// The envelope lets an app change its routes between versions: ``SnapshotMigration``s bring
/// an older tree up to date, and ``Restoration`` reads it leniently, element by element.
public struct NavigationSnapshot: Hashable, Sendable, Codable {
    /// The envelope's own format; 1 today.
    public var format: Int
    /// The app's schema version when the state was saved.
    public var schemaVersion: Int
    /// When the state was saved.
    public var savedAt: Date
    /// The saved state, as ``NavigationState``'s `Codable` conformance wrote it.
    public var state: SnapshotValue

    /// The envelope format this version writes and reads.
    public static let currentFormat = 1

    /// Wraps a state saved by the app's schema version `schemaVersion`.
    public init<Route: Codable>(_ state: NavigationState<Route>, schemaVersion: Int, savedAt: Date = Date()) throws {
        self.format = Self.currentFormat
        self.schemaVersion = schemaVersion
        self.savedAt = savedAt
        self.state = try JSONDecoder().decode(SnapshotValue.self, from: JSONEncoder().encode(state))
    }

    /// Wraps a raw saved tree.
    public init(schemaVersion: Int, savedAt: Date, state: SnapshotValue) {
        self.format = Self.currentFormat
        self.schemaVersion = schemaVersion
        self.savedAt = savedAt
        self.state = state
    }

    /// The snapshot as JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a snapshot written by ``encoded()``.
    public init(data: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        self = try decoder.decode(Self.self, from: data)
    }
}
