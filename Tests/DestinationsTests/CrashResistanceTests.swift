import Destinations
import Foundation
import Testing

/// States and ids at the edges of what the model allows never crash the process.
@Suite struct CrashResistanceTests {
    /// A stack of `count` screens, each presenting an alert: more than one presentation chain,
    /// but a shape the public initializers can build and a decoder must survive.
    static func presentingStack(_ count: Int) -> NavigationState<TestRoute> {
        var elements: [NavigationNode<TestRoute>] = []
        elements.reserveCapacity(count)
        for index in 0..<count {
            let id = UInt64(2 * index + 2)
            let alert = Modal(
                style: .alert, node: NavigationNode<TestRoute>(id: ElementID(id + 1), content: .screen(.confirm)))
            elements.append(NavigationNode(id: ElementID(id), content: .screen(.detail(index)), modal: alert))
        }
        return NavigationState(root: NavigationNode(id: ElementID(1), content: .stack(Stack(elements))))
    }

    @Test func aDeepStackWhoseScreensPresentModalsIsReleasedWithoutOverflowingTheThreadsStack() {
        var state: NavigationState<TestRoute>? = Self.presentingStack(200_000)
        #expect(state?.root.stack?.count == 200_000)
        state = nil
        #expect(state == nil)
    }

    @Test func aDeepSavedStackWhoseScreensPresentModalsIsRefusedWithoutCrashing() throws {
        let data = try JSONEncoder().encode(Self.presentingStack(50_000))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationState<TestRoute>.self, from: data)
        }
    }

    @Test func aDeepStateSurvivesARoundTripAndRelease() throws {
        let routes = (0..<100_000).map { TestRoute.detail($0) }
        var state: NavigationState<TestRoute>? = try NavigationState(.stack(routes))
        let data = try JSONEncoder().encode(state)
        var decoded: NavigationState<TestRoute>? = try JSONDecoder().decode(NavigationState<TestRoute>.self, from: data)
        #expect(decoded == state)
        state = nil
        decoded = nil
        #expect(decoded == nil)
    }
}

/// Ids never overflow: generators saturate, large ids are refused with typed errors.
@MainActor
@Suite struct ElementIDLimitTests {
    @Test func theGeneratorNeverTraps() {
        var fromZero = SequentialElementIDs(startingAt: 0)
        #expect(fromZero.next() == ElementID(0))
        #expect(fromZero.next() == ElementID(1))
        var fromTop = SequentialElementIDs(startingAt: .max)
        #expect(!fromTop.next().isValid)
        #expect(!fromTop.next().isValid)
        var reserved = SequentialElementIDs()
        reserved.reserve(through: ElementID(rawValue: .max))
        #expect(!reserved.next().isValid)
    }

    @Test func decodingAnIDAboveTheMaximumIsRefused() {
        let json = #"{"id":\#(UInt64.max),"screen":{"home":{}}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationState<TestRoute>.self, from: Data(json.utf8))
        }
        let edge = #"{"id":\#(ElementID.maximum.rawValue),"stack":[{"id":1,"screen":{"home":{}}}]}"#
        #expect((try? JSONDecoder().decode(NavigationState<TestRoute>.self, from: Data(edge.utf8))) != nil)
    }

    @Test func aFlowWhoseIDsRunOutRefusesTheChangeAndKeepsItsState() throws {
        let flow = try makeFlow(.stack(.home))
        let saved = NavigationState<TestRoute>(
            root: NavigationNode(
                id: ElementID.maximum,
                content: .stack(
                    Stack([
                        NavigationNode(id: ElementID(1), content: .screen(.home))
                    ]))))
        try flow.restore(saved)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.idsExhausted) { try flow.apply(.push(.list)) }
        #expect(throws: NavigationError.idsExhausted) { try flow.apply(.sheet(.editor)) }
        #expect(FlowSnapshot(flow) == before)
        #expect(throws: NavigationError.idsExhausted) { try flow.apply(.replaceCurrent(.about)) }
    }
}
