/// The name of a tab in a ``Tabs`` container.
///
/// Declare your app's tabs as constants, as you would notification names:
///
/// ```swift
/// extension TabID {
///     static let notes: TabID = "notes"
///     static let settings: TabID = "settings"
/// }
/// ```
///
/// A tab's name is also its component in a deep-link URL.
public struct TabID: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The tab's name.
    public let rawValue: String

    /// Creates a tab id from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a tab id from its name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The tab's name.
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A column of a ``Split`` container.
public enum SplitColumn: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// The leading column: a list or a menu.
    case sidebar
    /// The middle column of a three-column split.
    case content
    /// The trailing column: what the selection shows.
    case detail

    /// The column's name.
    public var description: String { rawValue }
}
