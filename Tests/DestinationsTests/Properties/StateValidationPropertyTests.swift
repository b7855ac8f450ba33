import Testing

@testable import Destinations

/// Validation over seeded random root stacks, the shape it checks without buffers: ids drawn
/// from a small range (so that they repeat), now and then above the maximum, a container
/// among the screens, or a sheet on the top screen. A state passes exactly when its ids are
/// valid and distinct and its stack holds only screens.
@Suite struct StateValidationPropertyTests {
    @Test(arguments: 0..<16 as Range<UInt64>)
    func aRootStackPassesExactlyWhenItsIDsAreDistinctAndValidAndItHoldsScreens(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for run in 0..<300 {
            var ids: [ElementID] = []
            var holdsContainer = false
            func id() -> ElementID {
                let drawn =
                    random.next() % 40 == 0 ? ElementID(ElementID.maximum.rawValue + 1) : ElementID(random.next() % 24)
                ids.append(drawn)
                return drawn
            }
            var elements: [NavigationNode<TestRoute>] = []
            for _ in 0..<Int(1 + random.next() % 20) {
                if random.next() % 15 == 0 {
                    holdsContainer = true
                    let inner = NavigationNode<TestRoute>(id: id(), content: .screen(.home))
                    elements.append(NavigationNode(id: id(), content: .stack(Stack([inner]))))
                } else {
                    elements.append(NavigationNode(id: id(), content: .screen(.detail(run))))
                }
            }
            if random.next() % 5 == 0, let top = elements.popLast() {
                let content = NavigationNode<TestRoute>(id: id(), content: .screen(.settings))
                let modal = Modal(style: .sheet, node: content)
                elements.append(NavigationNode(id: top.id, content: top.content, modal: modal))
            }
            let state = NavigationState(root: NavigationNode(id: id(), content: .stack(Stack(elements))))
            let valid = Set(ids).count == ids.count && ids.allSatisfy(\.isValid) && !holdsContainer
            do {
                try state.validate()
                #expect(valid, "seed \(seed), run \(run): passed with ids \(ids)")
            } catch {
                #expect(!valid, "seed \(seed), run \(run): refused with ids \(ids): \(error)")
                guard case .corruptState = error else {
                    Issue.record("seed \(seed), run \(run): \(error) is not a corrupt state")
                    continue
                }
            }
        }
    }
}
