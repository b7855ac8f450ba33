import Foundation

/// One change a ``Flow`` made, or refused: why, what changed, and the state it led to.
///
/// Subscribe with ``Flow/events(bufferingNewest:)`` for analytics, logging and tools. Every
/// change the flow commits yields one event, and so does every change it refuses (with
/// ``refusal`` set and no changes), in the order they happened; ``sequence`` numbers them.
public struct FlowEvent<Route: NavigationRoute>: Sendable {
    /// Why the flow changed.
    public enum Cause: Sendable, Equatable {
        /// The flow started with its first state.
        case start
        /// A presentation applied directly, from an element or the focused screen.
        case presentation(Presentation<Route>, from: ElementID?)
        /// A Destination's event, and the presentation it led to.
        indirect case event(AnyEvent, route: Route, from: ElementID, Presentation<Route>)
        /// A user-driven change reported by a renderer.
        case userAction(UserAction<Route>)
        /// A saved state was restored.
        case restore
        /// A request read from text outside the core, such as a URL, a shortcut or a
        /// notification: what kind of text it was (a deep link's template, `state URL`), never
        /// the text itself, which may carry personal data, and who sent it.
        case opened(String, source: ChangeSource)
    }

    /// The event's number in its flow: 1 for the start, then one more for each event, refusals
    /// included, so that tests, analytics and tools can refer to the same change.
    public let sequence: UInt64
    /// Why the flow changed, or was asked to.
    public let cause: Cause
    /// What changed; empty for a refusal.
    public let changes: NavigationChanges<Route>
    /// The state after the change; for a refusal, the state the flow kept.
    public let state: NavigationState<Route>
    /// Why the change was refused, when it was.
    public let refusal: NavigationError?
}

/// A Destination's event, of whatever type, as a flow's events and logs record it.
public struct AnyEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event value.
    public let base: any Hashable & Sendable

    /// Wraps an event.
    public init(_ base: any Hashable & Sendable) {
        self.base = base
    }

    /// The event as written: `select`.
    public var description: String { eventName(base) }

    public static func == (lhs: AnyEvent, rhs: AnyEvent) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        AnyHashable(base).hash(into: &hasher)
    }
}

/// Where a flow's log messages go. The default, ``standard``, prints refusals in debug builds
/// and discards everything in release builds.
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

    private let sink: (@Sendable (Level, String) -> Void)?
    /// The least level passed on; messages below it are never formatted.
    public let minimumLevel: Level

    /// Creates a logger that hands each message at `minimumLevel` or above to `sink`.
    public init(minimumLevel: Level = .debug, _ sink: @escaping @Sendable (Level, String) -> Void) {
        self.sink = sink
        self.minimumLevel = minimumLevel
    }

    private init() {
        sink = nil
        minimumLevel = .error
    }

    /// A logger that discards everything, without formatting any message.
    public static var disabled: FlowLogger { FlowLogger() }

    /// The logger a flow uses unless it is given one. In debug builds it writes every refused
    /// change, with its typed error, to standard error, so that a refused tap is never silent
    /// while the app is developed:
    ///
    /// ```
    /// [Destinations] refused notes.select from #3 → path([]): contentMismatch(event: "select", …)
    /// ```
    ///
    /// In release builds it is ``disabled``: set a logger of your own to keep refusals there.
    public static var standard: FlowLogger {
        #if DEBUG
        FlowLogger(minimumLevel: .error) { _, message in
            FileHandle.standardError.write(Data("[Destinations] \(message)\n".utf8))
        }
        #else
        FlowLogger()
        #endif
    }

    /// Whether messages at `level` are passed on.
    public func isEnabled(_ level: Level) -> Bool {
        sink != nil && level >= minimumLevel
    }

    /// Logs a message; the message is built only when its level is enabled.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard let sink, level >= minimumLevel else { return }
        sink(level, message())
    }
}
