import DestinationsTesting
import Testing

@MainActor
@Suite struct RandomWalkTests {
    func miniWalk(leakItem: Int? = nil, steps: Int = 60) -> RandomWalk<MiniRoute> {
        var walk = RandomWalk(MiniApp.layout, steps: steps) { MiniApp.providers(leakItem: leakItem) }
        walk.content(for: .open, of: ListScreen.self) { _, random in Int.random(in: 1...3, using: &random) }
        return walk
    }

    @Test func aSoundFlowKeepsEveryInvariant() async {
        for seed: UInt64 in [1, 2, 3] {
            let report = await miniWalk().check(seed: seed)
            #expect(report.failure == nil)
            #expect(report.steps.count == 60)
        }
    }

    @Test func theSameSeedWalksTheSameSteps() async {
        let first = await miniWalk().run(seed: 42)
        let second = await miniWalk().run(seed: 42)
        let other = await miniWalk().run(seed: 43)
        #expect(first.steps == second.steps)
        #expect(first.steps.map(\.description) == second.steps.map(\.description))
        #expect(first.steps != other.steps)
    }

    @Test func theWalkMakesGesturesAndSendsGeneratedContent() async {
        let report = await miniWalk(steps: 200).run(seed: 5)
        let actions = report.steps.map(\.action)
        #expect(actions.contains(.gesture(.swipeBack)))
        #expect(actions.contains(.gesture(.swipeDownSheet)))
        #expect(actions.contains(.gesture(.tapTab("other"))))
        #expect(report.steps.contains { $0.content != nil })
    }

    @Test func aPlantedLeakIsFoundAndShrunkToAShortReproduction() async throws {
        let walk = miniWalk(leakItem: 2, steps: 200)
        let report = await walk.run(seed: 11)
        let failure = try #require(report.failure)
        guard case .notReleased(let screens) = failure.violation else {
            Issue.record("expected a leak, got \(failure.violation)")
            return
        }
        #expect(screens.allSatisfy { $0.hasPrefix("item(2)") })
        #expect(failure.reproduction.count == 2)
        #expect(failure.reproduction.count <= report.steps.count)
        #expect(failure.reproduction.first?.description == "send open to list with 2")
        #expect(failure.description.contains("seed 11"))
        #expect(failure.description.contains("removed Destinations are released"))
        let replayed = await walk.replay(failure.reproduction)
        #expect(replayed.violation?.invariant == failure.violation.invariant)
    }

    @Test func checkReportsTheSeedAndTheReproductionAsAnIssue() async {
        await withKnownIssue {
            await miniWalk(leakItem: 1, steps: 100).check(seed: 3)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("Random walk with seed 3") && $0.rawValue.contains("Shortest reproduction")
            }
        }
    }
}
