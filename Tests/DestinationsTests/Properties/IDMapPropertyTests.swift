import Testing

@testable import Destinations

/// The index's id map against a `Dictionary`, over seeded random inserts, updates, removals
/// and lookups: the same answers, the same count, equal when their contents are.
@Suite struct IDMapPropertyTests {
    @Test(arguments: 0..<12 as Range<UInt64>)
    func aMapAnswersEveryLookupAsADictionaryDoes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var map = IDMap<Int>()
        var reference: [ElementID: Int] = [:]
        // Few distinct ids, so that removals often hit runs of colliding probes.
        let idRange = seed.isMultiple(of: 2) ? UInt64(64) : UInt64(4_096)
        for step in 0..<3_000 {
            let id = ElementID(random.next() % idRange)
            switch random.next() % 10 {
            case 0..<5:
                map[id] = step
                reference[id] = step
            case 5..<8:
                map[id] = nil
                reference[id] = nil
            default:
                #expect(map[id] == reference[id], "seed \(seed), step \(step): lookup of \(id)")
            }
            #expect(map.count == reference.count)
        }
        for (id, value) in reference { #expect(map[id] == value, "seed \(seed): \(id) after the run") }
        #expect(Set(map.keys) == Set(reference.keys))
    }

    @Test func mapsWithTheSameEntriesAreEqualWhateverTheOrderTheyWereMadeIn() {
        var forward = IDMap<String>()
        var backward = IDMap<String>()
        for raw in 1...100 as ClosedRange<UInt64> { forward[ElementID(raw)] = "\(raw)" }
        for raw in (1...100 as ClosedRange<UInt64>).reversed() { backward[ElementID(raw)] = "\(raw)" }
        #expect(forward == backward)
        backward[ElementID(50)] = "changed"
        #expect(forward != backward)
        backward[ElementID(50)] = nil
        #expect(forward != backward)
        forward[ElementID(50)] = nil
        #expect(forward == backward)
    }
}
