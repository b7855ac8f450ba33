import Destinations
import Foundation
import Testing

/// What expectations and transcripts compare — the rendering without ids — tells apart any two
/// states that differ in anything but ids.
@Suite struct RenderingPropertyTests {
    static let seeds = ProcessInfo.processInfo.environment["DESTINATIONS_PROPERTY_SEEDS"].flatMap(Int.init) ?? 300

    @Test func twoStatesRenderAlikeExactlyWhenTheyAreEquivalent() {
        var differing = 0
        for seed in 0..<UInt64(Self.seeds) {
            var random = SeededRandom(seed: seed)
            let state = RandomStates.state(&random)
            let renumbered = RandomStates.renumbered(state, by: 1_000)
            #expect(renumbered.isEquivalent(to: state))
            #expect(renumbered.rendered(ids: false) == state.rendered(ids: false), "seed \(seed)")
            for _ in 0..<5 {
                let anchor = random.chance(0.3) ? random.pick(state.nodes.map(\.id)) : nil
                guard let other = try? state.applying(RandomStates.presentation(&random, in: state), from: anchor)
                else { continue }
                let sameText = other.rendered(ids: false) == state.rendered(ids: false)
                #expect(sameText == other.isEquivalent(to: state), "seed \(seed):\n\(state)\n---\n\(other)")
                if !sameText { differing += 1 }
            }
        }
        #expect(differing > Self.seeds)
    }

    @Test func aStateWithOneAttributeChangedRendersDifferently() {
        var mutations = 0
        for seed in 0..<UInt64(Self.seeds * 3) {
            var random = SeededRandom(seed: seed ^ 0xBEEF)
            let state = RandomStates.state(&random)
            guard let other = RandomStates.mutatingOneAttribute(of: state, &random) else { continue }
            mutations += 1
            #expect(!other.isEquivalent(to: state), "seed \(seed)")
            #expect(other.rendered(ids: false) != state.rendered(ids: false), "seed \(seed):\n\(state)\n---\n\(other)")
        }
        #expect(mutations > Self.seeds)
    }

    @Test func sheetOptionsThatDifferRenderDifferently() throws {
        let base = try NavigationState<TestRoute>(.stack(.home))
        let variants: [SheetOptions] = [
            SheetOptions(),
            SheetOptions(detents: [.medium, .large]),
            SheetOptions(detents: [.medium, .large], selectedDetent: .large),
            SheetOptions(detents: [.medium, .large], selectedDetent: .medium),
            SheetOptions(showsDragIndicator: true),
            SheetOptions(showsDragIndicator: false),
            SheetOptions(interactiveDismissDisabled: true),
            SheetOptions(detents: [.fraction(0.5)]),
            SheetOptions(detents: [.height(0.5)]),
        ]
        let renderings = try variants.map { try base.applying(.sheet(.editor, $0)).rendered(ids: false) }
        #expect(Set(renderings).count == variants.count)
    }
}
