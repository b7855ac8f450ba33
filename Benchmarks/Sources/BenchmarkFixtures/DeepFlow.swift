import Destinations

/// A flow on ``Layout/deepTabs(depth:)`` and the ids the benchmarks address.
@MainActor
public final class DeepFlow {
    /// The flow under measurement.
    public let flow: Flow<BenchRoute>
    /// The depth of the deep tab's stack.
    public let depth: Int
    /// The other tab's stack container.
    public let otherStack: ElementID
    /// The screen at the very bottom (the root) of the deep stack.
    public let bottom: ElementID
    /// The screen on top of the deep stack: the focused screen.
    public let top: ElementID
    /// The Destination of ``top``.
    public let topDestination: BenchScreen

    /// Builds the flow, with a logger that discards everything unless one is given, and room for
    /// its screens (a flow refuses more than 10,000 unless configured otherwise).
    public init(depth: Int, providers: Providers<BenchRoute> = .bench, logger: FlowLogger = .disabled) throws {
        var configuration = FlowConfiguration(layout: .deepTabs(depth: depth), providers: providers, logger: logger)
        configuration.maximumScreens = max(configuration.maximumScreens, 2 * depth)
        flow = try Flow(configuration)
        self.depth = depth
        guard case .tabs(let tabs) = flow.state.root.content,
            case .stack(let deepStack) = tabs.tabs[0].node.content
        else { throw FixtureError.unexpectedShape }
        otherStack = tabs.tabs[1].node.id
        bottom = deepStack.root.id
        top = deepStack.topNode.id
        guard let destination = flow.destination(top, as: BenchScreen.self) else {
            throw FixtureError.unexpectedShape
        }
        topDestination = destination
    }
}

/// A fixture that did not come out as the benchmark expects.
public enum FixtureError: Error {
    /// The state does not have the shape the fixture built.
    case unexpectedShape
    /// The live Destinations changed in number across a loop that should leave them as they
    /// were.
    case destinationsLeaked(before: Int, after: Int)
}
