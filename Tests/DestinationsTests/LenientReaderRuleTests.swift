import Foundation
import Testing

@testable import Destinations

/// The lenient reader keeps every rule a state without modals or layout content must keep, as it
/// reads: a restore checks the reader's result again only when it holds either. Mutated
/// snapshots (repeated ids and tabs, ids out of range, containers in stacks, hidden selections,
/// content in two-column splits, repeated actions) must come back valid.
@Suite struct LenientReaderRuleTests {
    static func ids(in value: SnapshotValue, into result: inout [SnapshotValue]) {
        switch value {
        case .object(let members):
            if let id = members["id"], case .integer = id { result.append(id) }
            for (_, member) in members { ids(in: member, into: &result) }
        case .array(let elements):
            for element in elements { ids(in: element, into: &result) }
        default: break
        }
    }

    static func mutate(_ value: SnapshotValue, _ random: inout SeededRandom, _ ids: [SnapshotValue]) -> SnapshotValue {
        switch value {
        case .object(var members):
            for (key, member) in members {
                var new = mutate(member, &random, ids)
                if random.chance(0.12) {
                    switch key {
                    case "id":
                        new = random.pick(
                            ids + [
                                .integer(0), .integer(-1), .integer(Int64(ElementID.maximum.rawValue)),
                                .integer(Int64(ElementID.maximum.rawValue) + 1), .string("x"),
                            ])
                    case "selected":
                        new = .string(random.pick(["inbox", "profile", "search", "nope"]))
                    case "hidden":
                        new = .array([.string(random.pick(["inbox", "profile", "search"]))])
                    case "columns":
                        new = .integer(random.chance(0.5) ? 2 : 3)
                    case "stack":
                        if case .array(var elements) = new, let first = elements.first {
                            elements.insert(
                                random.chance(0.5) ? first : .object(["id": random.pick(ids), "tabs": .array([])]),
                                at: Int(random.next() % UInt64(elements.count + 1)))
                            new = .array(elements)
                        }
                    case "tabs":
                        if case .array(var elements) = new, let first = elements.first {
                            elements.append(first)
                            new = .array(elements)
                        }
                    default: break
                    }
                }
                members[key] = new
            }
            if random.chance(0.05) {
                members["hidden"] = .array([.string(random.pick(["inbox", "profile", "search"]))])
            }
            if random.chance(0.05) { members["content"] = members["sidebar"] }
            if random.chance(0.04) {
                members["actions"] = .array([
                    .object([
                        "id": .string(random.pick(["inbox", "profile", "a"])),
                        "presents": .object(["screen": .object(["home": .object([:])])]), "style": .string("sheet"),
                    ])
                ])
            }
            return .object(members)
        case .array(let elements):
            return .array(elements.map { mutate($0, &random, ids) })
        default:
            return value
        }
    }

    @Test(arguments: 0..<4 as Range<UInt64>)
    func aStateTheReaderDoesNotCheckAgainKeepsEveryRule(seed: UInt64) throws {
        var random = SeededRandom(seed: 5_000 + seed)
        var unchecked = 0
        for run in 0..<600 {
            let state = RandomStates.state(&random, steps: Int(random.next() % 10))
            let snapshot = try NavigationSnapshot(state, schemaVersion: 1, savedAt: Date())
            var all: [SnapshotValue] = []
            Self.ids(in: snapshot.state, into: &all)
            let tree = Self.mutate(snapshot.state, &random, all)
            let size = SnapshotSize(tree)
            var reader = LenientReader<TestRoute>(
                policy: { _ in .restore }, age: 0, firstFreshID: size.largestID + 1, elements: size.elements)
            guard let root = reader.node(tree, path: .init("root"), layout: nil, depth: 0) else { continue }
            let restored = NavigationState(root: root)
            if reader.needsCheck { continue }
            unchecked += 1
            if let problem = restored.firstProblem {
                Issue.record("seed \(seed) run \(run): the reader let through \(problem)")
            }
        }
        #expect(unchecked > 100, "the walk reaches states the restore does not check again")
    }
}
