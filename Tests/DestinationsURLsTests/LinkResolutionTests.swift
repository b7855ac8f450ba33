import DestinationsTesting
import DestinationsURLs
import Testing

@testable import Destinations

/// A server the links ask what a URL points to; its answers wait at a gate when one is given.
@MainActor
final class LookupServer {
    var answer: LinkTarget<SocialRoute>? = .push(.status(server: "h.example", user: "alice", id: 1))
    var failure: (any Error)?
    var gate: Gate?
    private(set) var questions: [String] = []

    func lookUp(_ path: String) async throws -> LinkTarget<SocialRoute>? {
        questions.append(path)
        await gate?.pass()
        if let failure { throw failure }
        return answer
    }
}

struct LookupFailure: Error, CustomStringConvertible {
    var description: String { "server error 500" }
}

/// Links that ask something asynchronous before they decide (issue 31, item 5): one request
/// through the pipeline, cancellable, superseded, timed out on the flow's clock, refused with
/// a typed reason, pending work while it waits.
@MainActor
@Suite struct LinkResolutionTests {
    let server = LookupServer()
    let url = "https://h.example/s/abc"

    func router(fallback: LinkFallback<SocialRoute>? = Social.browser) throws -> URLRouter<SocialRoute> {
        let server = server
        return try URLRouter(
            prefixes: ["social://", "https://*/"], scenes: [SceneKind("main", layout: Social.layout)],
            patterns: Social.patterns,
            links: DeepLinks(fallback: fallback) {
                DeepLink("s/{code}") { (code: String) in .resolving("lookup") { try await server.lookUp(code) } }
                DeepLink("tags/{name}") { (name: String) in .push(.tag(name)) }
            })
    }

    func flow(fallback: LinkFallback<SocialRoute>? = Social.browser) throws -> FlowURLs<SocialRoute> {
        let urls = try Social.flow(router: try router(fallback: fallback))
        // The gate decides when the server answers, however busy the machine: no timer.
        urls.flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        return urls
    }

    @Test func aLinkOpensWhatItsServerAnswersAsOneRequest() async throws {
        let urls = try flow()
        let events = urls.flow.events()
        #expect(try await urls.openAwaitingGuards(url, source: .external(.universalLink)) == .applied)
        #expect(server.questions == ["abc"])
        #expect(urls.flow.state.focusedScreen.route == .status(server: "h.example", user: "alice", id: 1))
        var iterator = events.makeAsyncIterator()
        let event = try #require(await iterator.next())
        #expect(event.cause == .opened("s/{code}", source: .external(.universalLink)))
        #expect(event.refusal == nil)
    }

    @Test func aDoorThatCannotWaitRefusesTheLinkAndChangesNothing() throws {
        let urls = try flow()
        let before = urls.flow.state
        #expect(throws: DeepLinkError.navigation(.awaitsResolution("lookup"))) { try urls.open(url) }
        #expect(urls.flow.state == before)
        #expect(server.questions.isEmpty)
    }

    @Test func aDeclinedAnswerHandsTheURLToTheFallback() async throws {
        server.answer = nil
        let urls = try flow()
        #expect(try await urls.openAwaitingGuards(url) == .applied)
        #expect(urls.flow.state.focusedScreen.route == .browser(url))
    }

    @Test func aDeclinedAnswerWithoutAFallbackIsATypedRefusalTheEventsShow() async throws {
        server.answer = nil
        let urls = try flow(fallback: nil)
        let before = urls.flow.state
        let events = urls.flow.events()
        await #expect(throws: DeepLinkError.navigation(.resolutionDeclined("lookup"))) {
            try await urls.openAwaitingGuards(url)
        }
        #expect(urls.flow.state == before)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next()?.refusal == .resolutionDeclined("lookup"))
    }

    @Test func aDeclinedAnswerReachesTheFallbackOnlyForItsSources() async throws {
        server.answer = nil
        let urls = try flow(fallback: LinkFallback(sources: [.universalLink]) { .sheet(.browser($0)) })
        await #expect(throws: DeepLinkError.navigation(.resolutionDeclined("lookup"))) {
            try await urls.openAwaitingGuards(url, source: .external(.customScheme))
        }
        #expect(try await urls.openAwaitingGuards(url, source: .external(.universalLink)) == .applied)
        #expect(urls.flow.state.focusedScreen.route == .browser(url))
    }

    @Test func aServerErrorIsRefusedWithItsReason() async throws {
        server.failure = LookupFailure()
        let urls = try flow()
        await #expect(throws: DeepLinkError.navigation(.resolutionFailed("lookup", reason: "server error 500"))) {
            try await urls.openAwaitingGuards(url)
        }
    }

    @Test func aNewerLinkSupersedesOneThatWaits() async throws {
        let gate = Gate()
        server.gate = gate
        let urls = try flow()
        let url = url
        let waiting = Task { try await urls.openAwaitingGuards(url) }
        await gate.arrivals(1)
        #expect(urls.flow.pendingWork.map(\.work) == ["resolving lookup"])
        #expect(try urls.open("social://tags/swift", source: .external(.customScheme)) == .applied)
        gate.open()
        await #expect(throws: DeepLinkError.superseded) { try await waiting.value }
        #expect(urls.flow.state.focusedScreen.route == .tag("swift"))
        try await urls.flow.settle()
        #expect(urls.flow.pendingWork.isEmpty)
    }

    @Test func cancellingTheWaitCancelsTheLink() async throws {
        let gate = Gate()
        server.gate = gate
        let urls = try flow()
        let before = urls.flow.state
        let url = url
        let waiting = Task { try await urls.openAwaitingGuards(url) }
        await gate.arrivals(1)
        waiting.cancel()
        await #expect(throws: DeepLinkError.superseded) { try await waiting.value }
        gate.open()
        #expect(urls.flow.state == before)
    }

    @Test func aServerThatNeverAnswersTimesOutOnTheFlowsClock() async throws {
        let gate = Gate()
        server.gate = gate
        let urls = try flow()
        urls.flow.configuration.asyncGuardTimeout = .milliseconds(20)
        await #expect(throws: DeepLinkError.navigation(.resolutionTimedOut("lookup"))) {
            try await urls.openAwaitingGuards(url)
        }
        gate.open()
    }

    @Test func aHarnessStepWaitsForTheAnswer() async throws {
        let router = try router()
        var configuration = FlowConfiguration(layout: Social.layout, providers: plainProviders(SocialRoute.self))
        configuration.asyncGuardTimeout = .seconds(Int64.max)
        let harness = try FlowHarness(configuration, exhaustivity: .nonExhaustive)
        let link = try router.request(for: url, scene: "main", source: .external(.universalLink))
        #expect(try await harness.performAwaiting(link) == .applied)
        #expect(harness.flow.state.focusedScreen.route == .status(server: "h.example", user: "alice", id: 1))
        server.answer = nil
        let strict = try self.router(fallback: nil)
        await #expect(throws: HarnessError.self) {
            try await harness.performAwaiting(try strict.request(for: url, scene: "main"))
        }
    }
}
