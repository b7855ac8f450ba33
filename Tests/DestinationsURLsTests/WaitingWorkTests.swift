import DestinationsTesting
import DestinationsURLs
import Observation
import Testing

@testable import Destinations

/// What a flow waits on, seen from outside (issue 31, item 5): a link's resolution or an
/// asynchronous guard is in ``Flow/waitingWork`` from the moment the wait starts until it
/// ends, however it ends.
@MainActor
@Suite struct WaitingWorkTests {
    let server = LookupServer()
    let gate = Gate()
    let url = "https://h.example/s/abc"

    func flow() throws -> FlowURLs<SocialRoute> {
        server.gate = gate
        let server = server
        let router = try URLRouter(
            prefixes: ["social://", "https://*/"], scenes: [SceneKind("main", layout: Social.layout)],
            patterns: Social.patterns,
            links: DeepLinks(fallback: Social.browser) {
                DeepLink("s/{code}") { (code: String) in .resolving("lookup") { try await server.lookUp(code) } }
                DeepLink("tags/{name}") { (name: String) in .push(.tag(name)) }
            })
        let urls = try Social.flow(router: router)
        // The gate decides when the server answers, however busy the machine: no timer.
        urls.flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        return urls
    }

    @Test func aResolutionThatWaitsIsListedUntilItIsAnswered() async throws {
        let urls = try flow()
        let url = url
        #expect(urls.flow.waitingWork.isEmpty)
        let waiting = Task { try await urls.openAwaitingGuards(url, source: .external(.universalLink)) }
        await gate.arrivals(1)
        let item = try #require(urls.flow.waitingWork.first)
        #expect(urls.flow.waitingWork.count == 1)
        #expect(item.kind == .resolution)
        #expect(item.name == "lookup")
        #expect(
            item.cause == FlowEvent<SocialRoute>.Cause.opened("s/{code}", source: .external(.universalLink)).summary)
        #expect(item.since <= urls.flow.configuration.now())
        gate.open()
        #expect(try await waiting.value == .applied)
        #expect(urls.flow.waitingWork.isEmpty)
    }

    @Test func aWaitThatTimesOutOnAManualClockLeavesTheList() async throws {
        let urls = try flow()
        let clock = ManualClock()
        urls.flow.configuration.clock = clock
        urls.flow.configuration.asyncGuardTimeout = .seconds(5)
        let url = url
        let waiting = Task { try await urls.openAwaitingGuards(url) }
        await gate.arrivals(1)
        while clock.sleeperCount == 0 { await Task.yield() }
        #expect(urls.flow.waitingWork.map(\.name) == ["lookup"])
        clock.advance(by: .seconds(5))
        await #expect(throws: DeepLinkError.navigation(.resolutionTimedOut("lookup"))) { try await waiting.value }
        #expect(urls.flow.waitingWork.isEmpty)
        gate.open()
    }

    @Test func aCancelledWaitLeavesTheList() async throws {
        let urls = try flow()
        let url = url
        let waiting = Task { try await urls.openAwaitingGuards(url) }
        await gate.arrivals(1)
        waiting.cancel()
        await #expect(throws: DeepLinkError.superseded) { try await waiting.value }
        #expect(urls.flow.waitingWork.isEmpty)
        gate.open()
    }

    @Test func aSupersededWaitLeavesTheListAndTheNewestWaitStays() async throws {
        let urls = try flow()
        let url = url
        let first = Task { try await urls.openAwaitingGuards(url) }
        await gate.arrivals(1)
        let second = Task { try await urls.openAwaitingGuards("https://h.example/s/def") }
        await #expect(throws: DeepLinkError.superseded) { try await first.value }
        await gate.arrivals(2)
        let items = urls.flow.waitingWork
        #expect(items.count == 1)
        #expect(items.first?.name == "lookup")
        gate.open()
        #expect(try await second.value == .applied)
        #expect(urls.flow.waitingWork.isEmpty)
        #expect(server.questions == ["abc", "def"])
    }

    @Test func anAsynchronousGuardIsListedByItsName() async throws {
        let urls = try flow()
        let gate = gate
        urls.flow.asyncGuards = [
            AsyncNavigationGuard("shared", watches: { if case .tag = $0 { true } else { false } }) { _ in
                await gate.pass()
                return .allow
            }
        ]
        let waiting = Task { try await urls.openAwaitingGuards("social://tags/swift") }
        await gate.arrivals(1)
        #expect(urls.flow.waitingWork.map(\.kind) == [.asyncGuard])
        #expect(urls.flow.waitingWork.map(\.name) == ["shared"])
        gate.open()
        #expect(try await waiting.value == .applied)
        #expect(urls.flow.waitingWork.isEmpty)
    }

    @Test func observersOfTheListHearWhenAWaitStartsAndEnds() async throws {
        let urls = try flow()
        let flow = urls.flow
        let observer = WaitingObserver()
        observer.observe(flow)
        try flow.apply(.push(.tag("a")))
        await Task.yield()
        #expect(observer.changes == 0)
        let url = url
        let waiting = Task { try await urls.openAwaitingGuards(url) }
        await gate.arrivals(1)
        while observer.changes < 1 { await Task.yield() }
        gate.open()
        _ = try await waiting.value
        while observer.changes < 2 { await Task.yield() }
        #expect(observer.changes == 2)
    }
}

/// Counts the changes of a flow's ``Flow/waitingWork`` that observation reports.
@MainActor
final class WaitingObserver {
    var changes = 0

    func observe(_ flow: Flow<SocialRoute>) {
        withObservationTracking {
            _ = flow.waitingWork
        } onChange: { [weak self] in
            Task { @MainActor in
                self?.changes += 1
                self?.observe(flow)
            }
        }
    }
}
