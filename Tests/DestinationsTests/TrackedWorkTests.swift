import Destinations
import Testing

/// `DestinationContext.track` and `Flow.settle()`: waiting for a Destination's work without
/// sleeping, and cancelling it when the Destination leaves.
@MainActor
@Suite struct TrackedWorkTests {
    /// Stands for a datasource: yields a few times before answering, as an actor hop would.
    nonisolated static func fetch(_ value: Int) async -> Int {
        for _ in 0..<5 { await Task.yield() }
        return value
    }

    @Test func settleWaitsForTrackedWork() async throws {
        let flow = try makeFlow(.stack(.home))
        let home = try #require(flow.focused)
        home.context.track { [weak home] in
            let value = await Self.fetch(42)
            guard !Task.isCancelled else { return }
            home?.result = value
        }
        #expect(home.result == nil)
        try await flow.settle()
        #expect(home.result == 42)
    }

    @Test func settleWaitsForWorkThatTrackedWorkStarts() async throws {
        let flow = try makeFlow(.stack(.home))
        let home = try #require(flow.focused)
        home.context.track { [weak home] in
            let first = await Self.fetch(1)
            home?.context.track { [weak home] in
                let second = await Self.fetch(2)
                home?.result = first + second
            }
        }
        try await flow.settle()
        #expect(home.result == 3)
    }

    @Test func removingTheDestinationCancelsItsWorkAndALateResultNeverArrives() async throws {
        let flow = try makeFlow(.stack(.home, .list))
        let list = try #require(flow.focused)
        let tracked = list.context.track { [weak list] in
            let value = await Self.fetch(7)
            guard !Task.isCancelled else { return }
            list?.result = value
        }
        let task = try #require(tracked)
        try flow.apply(.back)
        try await flow.settle()
        #expect(task.isCancelled)
        #expect(list.result == nil)
    }

    @Test func workTrackedAfterRemovalIsCancelledAtOnce() async throws {
        let flow = try makeFlow(.stack(.home, .list))
        let list = try #require(flow.focused)
        try flow.apply(.back)
        let tracked = list.context.track {}
        let task = try #require(tracked)
        #expect(task.isCancelled)
        var cancelled = false
        list.context.onRemoval { cancelled = true }
        #expect(cancelled)
    }

    @Test func aResultCanNavigateThroughTheContext() async throws {
        let flow = try makeFlow(.stack(.home))
        let home = try #require(flow.focused)
        home.context.track { [weak home] in
            let id = await Self.fetch(5)
            _ = try? home?.context.present(.push(.detail(id)))
        }
        try await flow.settle()
        #expect(flow.state == (try state(.stack(.home, .detail(5)))))
    }

    @Test func workTrackedBeforeAttachmentStartsWhenTheDestinationIsAttached() async throws {
        let log = Log()
        let provider = Provider { (route: TestRoute) -> Screen in
            let screen = Screen(route, log: log)
            if route == .list {
                screen.context.track { [weak screen] in
                    let value = await Self.fetch(3)
                    screen?.result = value
                }
            }
            return screen
        } events: { _ in
        }
        let flow = try Flow(.stack(.home), providers: Providers { $0 == .failing ? nil : provider })
        try flow.apply(.push(.list))
        #expect(!flow.pendingWork.isEmpty)
        try await flow.settle()
        #expect(flow.focusedDestination(as: Screen.self)?.result == 3)
        // A Destination whose change is refused is never attached, and its work never runs.
        #expect(throws: NavigationError.self) { try flow.apply(.path([.push(.list), .push(.failing)])) }
        #expect(flow.pendingWork.isEmpty)
    }

    @Test func settleReturnsAtOnceWithNoWork() async throws {
        let flow = try makeFlow(.stack(.home))
        try await flow.settle()
        #expect(flow.state == (try state(.stack(.home))))
    }
}
