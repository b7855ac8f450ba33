// Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
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

    /// The largest id a state may hold: 2⁵³ − 1, the largest integer a JSON number keeps exactly
    /// in every reader (JavaScript's included), so that saved states and the ids a browser shows
    /// never round. Decoding and restoring refuse larger ids, and a transaction that would need
    /// one throws ``NavigationError/idsExhausted``.
    public static let maximum = ElementID((1 << 53) - 1)

    /// Whether the id is at most ``maximum``.
    public var isValid: Bool { rawValue <= Self.maximum.rawValue }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(UInt64.self)
        guard value <= Self.maximum.rawValue else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "element id \(value) is above the largest id, \(Self.maximum.rawValue)")
            )
        }
        rawValue = value
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
/// ``reserve(through:)``. Make it a value type: a flow copies it into each transaction and
/// keeps the copy only when the change is committed, so a refused change hands out no id; a
/// generator with shared state would lose the ids a refused change drew. Ids above ``ElementID/maximum`` are refused: a transaction that is
/// handed one throws ``NavigationError/idsExhausted``, so a generator that runs out need not
/// trap.
public protocol ElementIDGenerator: Sendable {
    /// Returns an id that this generator has not returned before, or one above
    /// ``ElementID/maximum`` when it has none left.
    mutating func next() -> ElementID

    /// Makes sure that every later id is greater than `id`; called when a saved state is
    /// restored, so that new elements never collide with restored ones.
    mutating func reserve(through id: ElementID)
}

/// The default generator: 1, 2, 3, …
///
/// It never traps: past ``ElementID/maximum`` it keeps returning an id above it, which
/// transactions refuse.
public struct SequentialElementIDs: ElementIDGenerator {
    private var upcoming: UInt64

    /// Creates a generator whose first id is `first`.
    public init(startingAt first: UInt64 = 1) {
        upcoming = first
    }

    public mutating func next() -> ElementID {
        let id = ElementID(upcoming)
        if upcoming <= ElementID.maximum.rawValue { upcoming += 1 }
        return id
    }

    public mutating func reserve(through id: ElementID) {
        let (following, overflow) = id.rawValue.addingReportingOverflow(1)
        upcoming = max(upcoming, overflow ? UInt64.max : following)
    }
}

extension ElementIDGenerator {
    /// The next id, refused when it is above ``ElementID/maximum``.
    @inlinable
    mutating func fresh() throws(NavigationError) -> ElementID {
        let id = next()
        guard id.isValid else { throw .idsExhausted }
        return id
    }
}
