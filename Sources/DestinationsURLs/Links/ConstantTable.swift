/// The constants of the links, each with an id, found by their bytes: FNV-1a and open
/// addressing, so that a lookup costs a few instructions a byte and hashes nothing through
/// `Hasher`. Built once with the router; a lookup is O(1) on average.
struct ConstantTable: Sendable {
    /// The constants, by id.
    private(set) var texts: [[UInt8]] = []
    /// Ids by hash, a power of two in size, at most half full; `nil` for a free slot.
    private var slots = [Int?](repeating: nil, count: 16)
    /// The id of `key`; `nil` when no link has it.
    func id(_ key: ArraySlice<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while let id = slots[slot] {
            if Self.equal(texts[id], key) { return id }
            slot = (slot + 1) & mask
        }
        return nil
    }
    /// The id of `text`, added when it is new.
    mutating func insert(_ text: [UInt8]) -> Int {
        if let id = id(text[...]) { return id }
        texts.append(text)
        if texts.count * 2 > slots.count {
            slots = [Int?](repeating: nil, count: slots.count * 2)
            for id in texts.indices { place(id) }
        } else {
            place(texts.count - 1)
        }
        return texts.count - 1
    }
    private mutating func place(_ id: Int) {
        let mask = slots.count - 1
        var slot = Self.hash(texts[id][...]) & mask
        while slots[slot] != nil { slot = (slot + 1) & mask }
        slots[slot] = id
    }
    private static func equal(_ text: [UInt8], _ key: ArraySlice<UInt8>) -> Bool {
        guard text.count == key.count else { return false }
        var index = key.startIndex
        for byte in text {
            guard byte == key[index] else { return false }
            index += 1
        }
        return true
    }
    private static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
