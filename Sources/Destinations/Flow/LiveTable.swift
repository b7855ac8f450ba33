// Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
/// The flow's live Destinations by screen id.
///
/// Not generic, so the pipeline's code specialised for a route calls it without metadata, and
/// an ``IDMap`` underneath, so a lookup spreads the id with one multiplication instead of a
/// `Hasher` run: a commit looks Destinations up several times.
@MainActor
@usableFromInline struct LiveTable {
    private var map = IDMap<any LiveDestination>(capacity: 32)

    init() {}

    /// The Destination of the screen with `id`; assigning `nil` removes it.
    @usableFromInline subscript(id: ElementID) -> (any LiveDestination)? {
        get { map[id] }
        set { map[id] = newValue }
    }

    /// Removes the Destination of the screen with `id` and returns it, if there was one.
    @usableFromInline mutating func removeValue(forKey id: ElementID) -> (any LiveDestination)? {
        map.removeValue(forKey: id)
    }

    /// The Destinations with their screen ids, in no particular order.
    var entries: [(id: ElementID, destination: any LiveDestination)] {
        map.entries.map { ($0.key, $0.value) }
    }

    /// Whether the table holds no Destination.
    var isEmpty: Bool { map.count == 0 }

    /// Removes every Destination.
    mutating func removeAll() {
        map = IDMap(capacity: 32)
    }
}
