// Performance: the event path figure (Benchmarks/README.md, "Figures").
/// What each of a Destination's events does, as configured in its ``Provider``.
public struct EventTable<D: Destination>: Sendable {
    @usableFromInline struct Entry: Sendable {
        @usableFromInline let event: D.Event
        @usableFromInline var response: EventResponse<D>

        init(event: D.Event, response: EventResponse<D>) {
            self.event = event
            self.response = response
        }
    }

    @usableFromInline private(set) var entries: [Entry] = []
    private(set) var duplicates: [D.Event] = []
    /// What an event without a configuration of its own does: the library's own alerts
    /// (``Provider/alert(presentedBy:_:)``) forward every button this way.
    @usableFromInline var fallback: EventResponse<D>?

    /// Creates an empty table.
    public init() {}

    /// Configures an event. Configuring the same event twice is reported by validation as
    /// ``ConfigurationProblem/duplicateEvent(event:route:)``; the first configuration is used.
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
