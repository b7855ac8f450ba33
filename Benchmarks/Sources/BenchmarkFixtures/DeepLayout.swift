import Destinations

extension Layout where Route == BenchRoute {
    /// A tab bar whose first, selected tab holds a stack of `depth` screens and whose second
    /// tab holds a stack of one screen.
    public static func deepTabs(depth: Int) -> Layout<BenchRoute> {
        .tabs([
            .tab(.deep, .stack((0..<depth).map { BenchRoute.screen($0) })),
            .tab(.other, .stack(.screen(-1))),
        ])
    }

    /// Three tabs, each with a stack of one screen: a small app's first state.
    public static var threeTabs: Layout<BenchRoute> {
        .tabs([
            .tab("first", .stack(.screen(1))),
            .tab("second", .stack(.screen(2))),
            .tab("third", .stack(.screen(3))),
        ])
    }
}
