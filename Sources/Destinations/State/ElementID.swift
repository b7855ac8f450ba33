/// The stable identity of one element of a navigation state: a screen or a container.
///
/// Ids are handed out by an ``ElementIDGenerator`` and never reused within one state, so a
/// Destination, a SwiftUI view and a saved state can all refer to the same element. The default
/// generator counts up from 1, which keeps ids deterministic in tests and readable in
/// transcripts (`#3`).
public struct ElementID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The number behind the id.
    public let rawValue: UInt64

    /// Creates an id from its number.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Creates an id from its number.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ElementID, rhs: ElementID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The id as `#N`.
    public var description: String { "#\(rawValue)" }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Hands out fresh ``ElementID``s for the elements a navigation change adds.
///
/// Inject your own to control ids in tests or to share a numbering across flows. A generator
/// must never hand out an id it handed out before, nor one below the floor set by
/// ``reserve(through:)``.
public protocol ElementIDGenerator: Sendable {
    /// Returns an id that this generator has not returned before.
    mutating func next() -> ElementID

    /// Makes sure that every later id is greater than `id`; called when a saved state is
    /// restored, so that new elements never collide with restored ones.
    mutating func reserve(through id: ElementID)
}

/// The default generator: 1, 2, 3, …
public struct SequentialElementIDs: ElementIDGenerator {
    private var last: UInt64

    /// Creates a generator whose first id is `first`.
    public init(startingAt first: UInt64 = 1) {
        last = first &- 1
    }

    public mutating func next() -> ElementID {
        last += 1
        return ElementID(last)
    }

    public mutating func reserve(through id: ElementID) {
        last = max(last, id.rawValue)
    }
}
