/// The constants of the links, each with an id, found by their bytes: FNV-1a and open
/// addressing, so that a lookup costs a few instructions a byte and hashes nothing through
/// `Hasher`. Built once with the router; a lookup is O(1) on average and retains nothing: the
/// constants' bytes are one array.
struct ConstantTable: Sendable {
    /// The constants' bytes, one after another.
    private var storage: [UInt8] = []
    /// Where each constant is in ``storage``, by id.
    private var ranges: [Range<Int>] = []
    /// Ids by hash, a power of two in size, at most half full; `nil` for a free slot.
    private var slots = [Int?](repeating: nil, count: 16)
    /// The first bytes of the constants below 128, a bit each: a key that starts with another
    /// byte (a number, most often) is none, without hashing it. A byte from 128 on may start one.
    private var firstBytes: (low: UInt64, high: UInt64) = (0, 0)
    /// The constant of id `id`.
    func text(_ id: Int) -> ArraySlice<UInt8> { storage[ranges[id]] }
    /// The id of `key`; `nil` when no link has it.
    func id(_ key: ArraySlice<UInt8>) -> Int? { find(key, key.startIndex, key.endIndex) }
    /// The id of `bytes[start..<end]`, read in place; `nil` when no link has it.
    func id(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? { find(bytes, start, end) }
    private func find<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ end: Int) -> Int?
    where Bytes.Index == Int {
        if start < end {
            // Written here rather than called: the lookup is on every link's path.
            let first = bytes[start]
            let known =
                first < 64
                ? firstBytes.low & (1 << first) != 0 : first >= 128 || firstBytes.high & (1 << (first - 64)) != 0
            if !known { return nil }
        }
        let mask = slots.count - 1
        var slot = Self.hash(bytes, start, end) & mask
        while let id = slots[slot] {
            if equal(id, bytes, start, end) { return id }
            slot = (slot + 1) & mask
        }
        return nil
    }
    /// The id of `text`, added when it is new.
    mutating func insert(_ text: [UInt8]) -> Int {
        if let id = id(text, 0, text.count) { return id }
        ranges.append(storage.count..<(storage.count + text.count))
        storage += text
        if let first = text.first, first < 128 {
            if first < 64 { firstBytes.low |= 1 << first } else { firstBytes.high |= 1 << (first - 64) }
        }
        if ranges.count * 2 > slots.count {
            slots = [Int?](repeating: nil, count: slots.count * 2)
            for id in ranges.indices { place(id) }
        } else {
            place(ranges.count - 1)
        }
        return ranges.count - 1
    }
    private mutating func place(_ id: Int) {
        let mask = slots.count - 1
        var slot = Self.hash(storage, ranges[id].lowerBound, ranges[id].upperBound) & mask
        while slots[slot] != nil { slot = (slot + 1) & mask }
        slots[slot] = id
    }
    /// Whether the constant `id` is `bytes[start..<end]`.
    private func equal<Bytes: RandomAccessCollection<UInt8>>(_ id: Int, _ bytes: Bytes, _ start: Int, _ end: Int)
        -> Bool
    where Bytes.Index == Int {
        let range = ranges[id]
        guard range.count == end - start else { return false }
        var index = start
        for offset in range {
            guard storage[offset] == bytes[index] else { return false }
            index += 1
        }
        return true
    }
    private static func hash<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ end: Int) -> Int
    where Bytes.Index == Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in start..<end { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
