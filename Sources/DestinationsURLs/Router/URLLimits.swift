import Destinations

/// Hard limits against hostile input (URLS.md §6.4).
///
/// They are checked before any work that grows with the input: the byte count first, then, in
/// one pass, segments, segment lengths, query items and parenthesis nesting; the parser checks
/// nesting, screens and decoded bytes as it goes. Parsing costs O(bytes) time and O(depth)
/// stack.
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
        bytes: Int = 4_096,
        segments: Int = 128,
        segmentBytes: Int = 1_024,
        depth: Int = 16,
        screens: Int = 64,
        queryItems: Int = 32,
        parameterBytes: Int = 4_096
    ) {
        self.bytes = bytes
        self.segments = segments
        self.segmentBytes = segmentBytes
        self.depth = depth
        self.screens = screens
        self.queryItems = queryItems
        self.parameterBytes = parameterBytes
    }
    /// The limits for external sources: 4,096 bytes, 128 segments of up to 1,024 bytes, depth
    /// 16, 64 screens, 32 query items, 4,096 decoded parameter bytes.
    public static let external = URLLimits()
    /// The limits for the app itself and trusted sources: 16,384 bytes, 1,024 segments of up
    /// to 4,096 bytes, depth 32, 512 screens, 32 query items, 16,384 decoded parameter bytes.
    public static let trusted = URLLimits(
        bytes: 16_384,
        segments: 1_024,
        segmentBytes: 4_096,
        depth: 32,
        screens: 512,
        queryItems: 32,
        parameterBytes: 16_384
    )
}
