/// Hard limits against hostile input (URLS.md §6.4), checked before any work that grows with
/// the input: parsing costs O(bytes) time and O(depth) stack.
public struct URLLimits: Hashable, Sendable {
    /// The most bytes a URL may have.
    public var bytes: Int
    /// The most path segments (`/`-separated).
    public var segments: Int
    /// The most bytes in one segment.
    public var segmentBytes: Int
    /// The deepest nesting of groups, nodes and modals.
    public var depth: Int
    /// The most screens in the resulting state.
    public var screens: Int
    /// The most query items.
    public var queryItems: Int
    /// The most bytes all parameters may decode to, together.
    public var parameterBytes: Int
    /// Creates limits; the defaults are those for external sources.
    public init(
        bytes: Int = 4_096, segments: Int = 128, segmentBytes: Int = 1_024, depth: Int = 16, screens: Int = 64,
        queryItems: Int = 32, parameterBytes: Int = 4_096
    ) {
        (self.bytes, self.segments, self.segmentBytes, self.depth) = (bytes, segments, segmentBytes, depth)
        (self.screens, self.queryItems, self.parameterBytes) = (screens, queryItems, parameterBytes)
    }
    /// The limits for external sources: the defaults.
    public static let external = URLLimits()
    /// The limits for the app itself and trusted sources.
    public static let trusted = URLLimits(
        bytes: 16_384, segments: 1_024, segmentBytes: 4_096, depth: 32, screens: 512, parameterBytes: 16_384)
}
