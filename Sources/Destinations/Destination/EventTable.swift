/// What each of a Destination's events does, as configured in its ``Provider``.
public struct EventTable<D: Destination>: Sendable {
    struct Entry: Sendable {
        let event: D.Event
        var response: EventResponse<D>
    }

    private(set) var entries: [Entry] = []
    private(set) var duplicates: [D.Event] = []

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
    public func response(for event: D.Event) -> EventResponse<D>? {
        entries.first { $0.event == event }?.response
    }
}
