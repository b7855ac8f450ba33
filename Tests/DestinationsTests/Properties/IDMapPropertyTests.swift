import Testing

@testable import Destinations

/// The index's id map against a `Dictionary`, over seeded random inserts, updates, removals
/// and lookups with fixed map seeds: the same answers, the same count, equal when their
/// contents are. Small id ranges keep runs of probes long and wrapping past the table's end.
@Suite struct IDMapPropertyTests {
    @Test(arguments: 0..<16 as Range<UInt64>)
    func aMapAnswersEveryLookupAsADictionaryDoes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var map = IDMap<Int>(seed: seed &* 0x2545_F491_4F6C_DD1D)
        var reference: [ElementID: Int] = [:]
        let idRange: UInt64 = [12, 24, 64, 4_096][Int(seed % 4)]
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
        var rebuilt = IDMap<Int>(seed: seed)
        for (id, value) in reference {
            #expect(map[id] == value, "seed \(seed): \(id) after the run")
            rebuilt[id] = value
        }
        #expect(map == rebuilt, "the same entries, whatever the seed and history")
    }

    /// Three ids that all start at the last slot of a 16-slot table sit in slots 15, 0 and 1;
    /// removing the first must shift the others back across the table's end.
    @Test func removalShiftsARunBackAcrossTheEndOfTheTable() throws {
        var map = IDMap<String>(capacity: 8, seed: 7)
        var lastSlot: [ElementID] = []
        for raw in 0..<UInt64(10_000) where map.home(of: ElementID(raw)) == 15 {
            lastSlot.append(ElementID(raw))
        }
        try #require(lastSlot.count >= 4, "ids whose probe starts at the last slot")
        let (first, second, third) = (lastSlot[0], lastSlot[1], lastSlot[2])
        map[first] = "first"
        map[second] = "second"
        map[third] = "third"
        map[first] = nil
        #expect(map[first] == nil)
        #expect(map[second] == "second")
        #expect(map[third] == "third")
        #expect(map.count == 2)
        // The middle of a wrapped run: after it, the rest of the run is still found.
        map[lastSlot[3]] = "fourth"
        map[third] = nil
        #expect(map[second] == "second")
        #expect(map[lastSlot[3]] == "fourth")
        #expect(map.count == 2)
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
