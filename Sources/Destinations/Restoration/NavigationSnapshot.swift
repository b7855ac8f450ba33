public import Foundation

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
        self.state = try JSONTreeReader.read(JSONEncoder().encode(state))
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

    /// How deeply a snapshot's JSON may nest: deep enough for any real state, shallow enough
    /// that decoding, which recurses once per level, fits the smallest thread stacks.
    public static let maximumNesting = 128

    /// Reads a snapshot written by ``encoded()``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for JSON nested deeper than
    ///   ``maximumNesting``, before decoding any of it; the decoder's errors otherwise.
    public init(data: Data) throws {
        // The bytes copied out once: both passes read an array, not `Data` through its iterator.
        let bytes = [UInt8](data)
        if let depth = Self.nesting(of: bytes, above: Self.maximumNesting) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "JSON nested \(depth) levels deep"))
        }
        // Read as a tree first, by the shape each value announces, then as the envelope.
        let envelope = try SnapshotValueDecoder(value: JSONTreeReader.read(bytes), codingPath: [])
            .container(keyedBy: CodingKeys.self)
        self.format = try envelope.decode(Int.self, forKey: .format)
        self.schemaVersion = try envelope.decode(Int.self, forKey: .schemaVersion)
        self.savedAt = Date(timeIntervalSince1970: try envelope.decode(Double.self, forKey: .savedAt))
        self.state = try envelope.decode(SnapshotValue.self, forKey: .state)
    }

    /// The envelope's format in `data`, read alone: a format this version does not know may
    /// shape the rest otherwise. `nil` when there is none to read.
    static func format(of data: Data) -> Int? {
        struct Envelope: Decodable { let format: Int }
        guard nesting(of: [UInt8](data), above: maximumNesting) == nil else { return nil }
        return try? JSONDecoder().decode(Envelope.self, from: data).format
    }

    /// The nesting depth of `data`'s JSON once it exceeds `limit`, or `nil` when it stays within.
    /// Brackets inside strings do not count.
    static func nesting(of bytes: [UInt8], above limit: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return depth }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}
