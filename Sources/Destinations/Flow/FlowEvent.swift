/// One change a ``Flow`` made: why, what changed, and the state it led to.
///
/// Subscribe with ``Flow/events()`` for analytics and logging.
public struct FlowEvent<Route: NavigationRoute>: Sendable {
    /// Why the flow changed.
    public enum Cause: Sendable, Equatable {
        /// The flow started with its first state.
        case start
        /// A presentation applied directly, from an element or the focused screen.
        case presentation(Presentation<Route>, from: ElementID?)
        /// A Destination's event, and the presentation it led to.
        case event(name: String, route: String, from: ElementID, Presentation<Route>)
        /// A user-driven change reported by a renderer.
        case userAction(UserAction<Route>)
        /// A saved state was restored.
        case restore
    }

    /// Why the flow changed.
    public let cause: Cause
    /// What changed.
    public let changes: NavigationChanges<Route>
    /// The state after the change.
    public let state: NavigationState<Route>
}

/// Where a flow's log messages go. The default discards them.
///
/// ```swift
/// let flow = try Flow(layout, providers: providers, logger: FlowLogger { level, message in
///     logger.log(level: level == .error ? .error : .debug, "\(message)")
/// })
/// ```
public struct FlowLogger: Sendable {
    /// How much a message matters.
    public enum Level: Int, Sendable, Comparable, CustomStringConvertible {
        /// Each change and lifecycle call.
        case debug
        /// Changes.
        case info
        /// Refused changes.
        case error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The level's name.
        public var description: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .error: "error"
            }
        }
    }

    private let sink: @Sendable (Level, String) -> Void

    /// Creates a logger that hands each message to `sink`.
    public init(_ sink: @escaping @Sendable (Level, String) -> Void) {
        self.sink = sink
    }

    /// A logger that discards everything.
    public static var disabled: FlowLogger { FlowLogger { _, _ in } }

    /// Logs a message.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        sink(level, message())
    }
}
