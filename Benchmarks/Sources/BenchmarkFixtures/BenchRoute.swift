import Destinations

/// The routes of every benchmark: one kind of screen, told apart by a number.
public enum BenchRoute: NavigationRoute, Codable {
    /// A screen; the number only keeps routes distinct.
    case screen(Int)
}

/// The tabs of the benchmark layouts.
extension TabID {
    /// The tab whose stack is as deep as the benchmark asks.
    public static let deep: TabID = "deep"
    /// The tab with a stack of one screen.
    public static let other: TabID = "other"
}

/// The depths every depth-dependent benchmark runs at: the deep tab's stack holds this many
/// screens.
public let benchmarkDepths = [10, 1_000, 100_000]
