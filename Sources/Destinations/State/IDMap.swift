/// A map from element ids to values: the flow's index of where elements are, and its live
/// Destinations.
///
/// An open-addressing table with linear probing: an id is spread by one multiplication with a
/// per-process seed instead of a full `Hasher` run, so a lookup costs a few instructions where a
/// `Dictionary<ElementID, Value>` lookup costs a few hundred (the push-back, sheet and restore
/// figures read it on every change). Removal shifts the following entries back, so the table
/// never fills with tombstones and stays as large as the most elements it held.
struct IDMap<Value> {
    fileprivate struct Entry {
        let key: ElementID
        var value: Value
    }

    private var slots: [Entry?]
    /// How many entries the table holds.
    private(set) var count = 0
    /// What ids are spread with: the process's seed, or a test's.
    private let seed: UInt64

    /// An empty map with room for `capacity` entries before it grows.
    init(capacity: Int = 8, seed: UInt64 = idMapSeed) {
        var size = 8
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: nil, count: size)
        self.seed = seed
    }

    /// The value for `key`; assigning `nil` removes the entry.
    subscript(key: ElementID) -> Value? {
        get {
            guard let slot = find(key) else { return nil }
            return slots[slot]?.value
        }
        set {
            if let newValue { insert(newValue, for: key) } else { remove(key) }
        }
    }

    /// Removes the entry for `key` and returns its value, if there was one.
    mutating func removeValue(forKey key: ElementID) -> Value? {
        guard let slot = find(key), let value = slots[slot]?.value else { return nil }
        remove(key)
        return value
    }

    /// The entries, in no particular order.
    var entries: [(key: ElementID, value: Value)] {
        slots.compactMap { entry in entry.map { ($0.key, $0.value) } }
    }

    private var mask: Int { slots.count - 1 }

    /// The slot an id starts its probe at.
    func home(of key: ElementID) -> Int {
        let spread = (key.rawValue ^ seed) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: spread >> 32) & mask
    }

    /// The slot holding `key`, if any.
    private func find(_ key: ElementID) -> Int? {
        var slot = home(of: key)
        while let entry = slots[slot] {
            if entry.key == key { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func insert(_ value: Value, for key: ElementID) {
        var slot = home(of: key)
        while let entry = slots[slot] {
            if entry.key == key {
                slots[slot]?.value = value
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Entry(key: key, value: value)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    private mutating func remove(_ key: ElementID) {
        guard var hole = find(key) else { return }
        count -= 1
        // Shift back every entry of the run after the hole whose home is not between the hole
        // and itself, so that a probe never stops early at the hole.
        var next = (hole + 1) & mask
        while let entry = slots[next] {
            let start = home(of: entry.key)
            let staysPut = hole <= next ? (hole < start && start <= next) : (hole < start || start <= next)
            if !staysPut {
                slots[hole] = entry
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = nil
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        count = 0
        for case let entry? in old { insert(entry.value, for: entry.key) }
    }
}

extension IDMap: Sendable where Value: Sendable {}
extension IDMap.Entry: Sendable where Value: Sendable {}

extension IDMap: Equatable where Value: Equatable {
    static func == (lhs: IDMap, rhs: IDMap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for case let entry? in lhs.slots where rhs[entry.key] != entry.value { return false }
        return true
    }
}

/// The seed every ``IDMap`` spreads ids with, fixed for the process: ids from a saved snapshot
/// cannot be chosen to collide.
let idMapSeed = UInt64.random(in: .min ... .max)
