/// An open-addressing hash table from byte keys, each in a numbered scope, to small integers:
/// the constants of the link trie (scope = node) and the keywords of the route table.
///
/// The keys are the app's own constants, so an attacker cannot choose colliding keys; the
/// longest probe sequence is fixed when the table is built, and a lookup never probes further.
/// Keys live in one byte arena; a lookup compares the hash, the scope and the length before it
/// compares bytes.
struct ByteKeyTable: Sendable {
    struct Slot: Sendable {
        var hash: UInt64 = 0
        var scope: Int32 = 0
        var value: Int32 = -1
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
    }

    private var slots: [Slot]
    private var arena: [UInt8] = []
    private var mask: Int
    private var longestProbe = 0
    private(set) var count = 0

    init() {
        slots = Array(repeating: Slot(), count: 8)
        mask = 7
    }

    // MARK: Hashing

    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// FNV-1a, one byte at a time, so that a scanner can hash while it scans.
    @inline(__always)
    static func combine(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* prime }

    /// The final hash of a key in a scope.
    @inline(__always)
    static func finish(_ hash: UInt64, scope: Int32) -> UInt64 {
        var value = hash ^ (UInt64(UInt32(bitPattern: scope)) &* 0x9E37_79B9_7F4A_7C15)
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        return value
    }

    static func hash(_ key: some Sequence<UInt8>) -> UInt64 {
        key.reduce(offsetBasis, combine)
    }

    // MARK: Building

    /// Inserts a key; returns the value already stored for it, leaving that value in place.
    @discardableResult
    mutating func insert(_ key: [UInt8], scope: Int32, value: Int32) -> Int32? {
        let hash = Self.finish(Self.hash(key), scope: scope)
        if let existing = find(key, scope: scope, hash: hash) { return existing }
        if (count + 1) * 2 > slots.count { grow() }
        let start = Int32(arena.count)
        arena.append(contentsOf: key)
        place(Slot(hash: hash, scope: scope, value: value, keyStart: start, keyLength: Int32(key.count)))
        count += 1
        return nil
    }

    private mutating func place(_ slot: Slot) {
        var index = Int(truncatingIfNeeded: slot.hash) & mask
        var probe = 0
        while slots[index].value >= 0 {
            index = (index + 1) & mask
            probe += 1
        }
        slots[index] = slot
        longestProbe = max(longestProbe, probe)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        longestProbe = 0
        for slot in old where slot.value >= 0 { place(slot) }
    }

    private func find(_ key: [UInt8], scope: Int32, hash: UInt64) -> Int32? {
        key.withUnsafeBufferPointer { key in find(scope: scope, hash: hash, key: key, start: 0, end: key.count) }
    }

    // MARK: Lookup

    /// The value stored for the bytes `start..<end` of `key` in `scope`, whose
    /// ``finish(_:scope:)`` hash is `hash`.
    @inline(__always)
    func find(scope: Int32, hash: UInt64, key: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Int32? {
        let length = Int32(truncatingIfNeeded: end - start)
        return slots.withUnsafeBufferPointer { slots in
            var index = Int(truncatingIfNeeded: hash) & mask
            for _ in 0...longestProbe {
                let slot = slots[index]
                if slot.value < 0 { return nil }
                if slot.hash == hash, slot.scope == scope, slot.keyLength == length,
                    arena.withUnsafeBufferPointer({ arena in
                        equal(arena, Int(slot.keyStart), key, start, Int(length))
                    })
                {
                    return slot.value
                }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// The value stored for `key` in `scope`.
    func find(_ key: some StringProtocol, scope: Int32) -> Int32? {
        let bytes = Array(key.utf8)
        return find(bytes, scope: scope, hash: Self.finish(Self.hash(bytes), scope: scope))
    }
}

@inline(__always)
private func equal(
    _ left: UnsafeBufferPointer<UInt8>,
    _ leftStart: Int,
    _ right: UnsafeBufferPointer<UInt8>,
    _ rightStart: Int,
    _ count: Int
) -> Bool {
    var index = 0
    while index < count {
        if left[leftStart + index] != right[rightStart + index] { return false }
        index += 1
    }
    return true
}
