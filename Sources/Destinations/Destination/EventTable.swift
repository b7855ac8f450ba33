// Performance: the event path figure (Benchmarks/README.md, "Figures").
/// What each of a Destination's events does, as configured in its ``Provider``.
public struct EventTable<D: Destination>: Sendable {
    @usableFromInline struct Entry: Sendable {
        @usableFromInline let event: D.Event
        @usableFromInline var response: EventResponse<D>
    }

    @usableFromInline private(set) var entries: [Entry] = []
    private(set) var duplicates: [D.Event] = []
    /// What an event without a configuration of its own does: the library's own alerts
    /// (``Provider/alert(presentedBy:_:)``) forward every button this way.
    @usableFromInline var fallback: EventResponse<D>?

    /// Creates an empty table.
    public init() {}

    /// Configures an event. Configuring the same event twice is reported by validation as
    /// ``NavigationError/ConfigurationProblem/duplicateEvent(event:route:)``; the first configuration is used.
    public mutating func on(_ event: D.Event, _ response: EventResponse<D>) {
        if entries.contains(where: { $0.event == event }) {
            duplicates.append(event)
        } else {
            entries.append(Entry(event: event, response: response))
        }
    }

    /// Replaces an event's configuration, or adds it if it had none.
    public mutating func replace(_ event: D.Event, with response: EventResponse<D>) {
        if let index = entries.firstIndex(where: { $0.event == event }) {
            entries[index].response = response
        } else {
            entries.append(Entry(event: event, response: response))
        }
    }

    /// Removes an event's configuration.
    public mutating func remove(_ event: D.Event) {
        entries.removeAll { $0.event == event }
    }

    /// The response configured for an event.
    @inlinable
    public func response(for event: D.Event) -> EventResponse<D>? {
        for entry in entries where entry.event == event { return entry.response }
        return fallback
    }
}

/// Reads the body of a provider's `events:` closure as its statements, in order, so that the
/// closure is type-checked after the provider's `make` closure fixed the Destination's type: a
/// `deliver` closure written for another Destination type is reported where it is written,
/// not at `make`.
///
/// Nothing changes in how the closure is written: statements, `let`s, `if`, `switch` and `for`.
/// (A `guard` or an early `return` cannot be used in it; write an `if` instead.)
@resultBuilder
public enum EventConfiguration {
    /// The statements of the body.
    public static func buildBlock(_ statements: Void...) {}
    /// One statement; its value, if any, is not used.
    public static func buildExpression<Value>(_ statement: Value) {}
    /// An `if` without `else`.
    public static func buildOptional(_ statements: Void?) {}
    /// The first branch of an `if`–`else` or a `switch`.
    public static func buildEither(first statements: Void) {}
    /// The second branch of an `if`–`else` or a `switch`.
    public static func buildEither(second statements: Void) {}
    /// A `for` loop.
    public static func buildArray(_ statements: [Void]) {}
    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ statements: Void) {}
}
