/// Where a ``SnapshotValueDecoder`` reads, kept as the path above and the last key: the coding
/// path's array is built only when something reads it (an error, a caller that asks), so a
/// nested container or value, as a route's synthesized `init(from:)` asks for them, costs no
/// allocation.
struct SnapshotCodingPath {
    /// The keys above the last one.
    private let above: [any CodingKey]
    /// The last key, if any.
    private let last: (any CodingKey)?

    /// A path of `keys`.
    init(_ keys: [any CodingKey]) {
        above = keys
        last = nil
    }

    private init(above: [any CodingKey], last: any CodingKey) {
        self.above = above
        self.last = last
    }

    /// The keys, outermost first.
    var keys: [any CodingKey] {
        guard let last else { return above }
        return above + [last]
    }

    /// The path one key further down.
    func appending(_ key: any CodingKey) -> SnapshotCodingPath {
        SnapshotCodingPath(above: keys, last: key)
    }
}
