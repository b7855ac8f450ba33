#if DEBUG || InspectorInRelease
import Destinations
@testable import DestinationsInspector
import Foundation
import DestinationsTesting
import NotesApp
import Testing

@MainActor
@Suite struct FlowInspectorTests {
    let configuration = InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t", app: "Notes")

    func makeFlow() throws -> Flow<AppRoute> {
        try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
    }

    @Test func sendsHelloAndEveryEventWithItsCause() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        let graph = FlowGraph(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        let inspector = FlowInspector(
            flow: flow, configuration: configuration, graph: graph, router: try NotesAppConfiguration.makeRouter(),
            transport: transport)
        inspector.connect()
        let connect = try #require(await transport.message { $0.causeKind == "connect" })
        #expect(connect["rendered"] as? String == flow.state.rendered())
        let hello = try #require(transport.hellos.first)
        #expect(hello["protocol"] as? Int == 1)
        #expect(hello["app"] as? String == "Notes")
        #expect((hello["graph"] as? [String: Any])?["dot"] as? String == graph.dot())

        try flow.apply(NotesAppConfiguration.licensesLink)
        let event = try #require(await transport.message { $0.causeKind == "presentation" })
        #expect(event["seq"] as? Int == 2)
        #expect(event["rendered"] as? String == flow.state.rendered())
        #expect((event.cause["description"] as? String)?.hasPrefix("apply path(") == true)
        let added = (event["changes"] as? [String: Any])?["added"] as? [[String: Any]] ?? []
        #expect(added.compactMap { $0["label"] as? String } == ["about", "licenses"])
        #expect(event["focused"] as? Int == Int(flow.state.focusedScreen.id.rawValue))
        #expect((event["url"] as? String)?.hasPrefix("notes://") == true)
        let tree = try #require(event["tree"] as? [String: Any])
        #expect(tree["kind"] as? String == "tabs")
        #expect(tree["selected"] as? String == "settings")
        // The state is exactly what a restore decodes.
        let data = try JSONSerialization.data(withJSONObject: try #require(event["state"]))
        #expect(try JSONDecoder().decode(NavigationState<AppRoute>.self, from: data) == flow.state)
        #expect(inspector.status == .connected)
        await inspector.disconnect()
        #expect(inspector.status == .idle)
    }

    @Test func sendsRefusalsWithTheirError() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        #expect(throws: NavigationError.self) {
            try flow.apply(.path([.dismissAll, .push(.about), .selectTab("archive")]))
        }
        let refused = try #require(await transport.message { $0["refusal"] != nil })
        let refusal = try #require(refused["refusal"] as? [String: Any])
        #expect((refusal["message"] as? String)?.contains("archive") == true)
        #expect(((refused["changes"] as? [String: Any])?["added"] as? [Any])?.isEmpty == true)
        await inspector.disconnect()
    }

    @Test func restoresAStateAndKeepsUnchangedScreens() async throws {
        let flow = try makeFlow()
        try await flow.settle()
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        let connect = try #require(await transport.message { $0.causeKind == "connect" })
        let before = flow.state
        let notesID = flow.focusedScreen.id
        let notesList = try #require(flow.destination(notesID))

        try flow.apply(NotesAppConfiguration.licensesLink)
        #expect(flow.state != before)
        try transport.push(["type": "restore", "request": 7, "state": try #require(connect["state"])])
        let result = try #require(await transport.message { $0["type"] as? String == "result" })
        #expect(result["request"] as? Int == 7)
        #expect(result["ok"] as? Bool == true)
        #expect(flow.state == before)
        #expect(flow.destination(notesID) === notesList)
        let restored = try #require(await transport.message { $0.causeKind == "restore" })
        let removed = (restored["changes"] as? [String: Any])?["removed"] as? [[String: Any]] ?? []
        #expect(removed.compactMap { $0["label"] as? String } == ["about", "licenses"])
        await inspector.disconnect()
    }

    @Test func refusesAForgedStateWithATypedError() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        let before = flow.state
        try transport.push(["type": "restore", "request": 1, "state": ["id": 1, "stack": [] as [Any]]])
        let result = try #require(await transport.message { $0["type"] as? String == "result" })
        #expect(result["ok"] as? Bool == false)
        #expect((result["error"] as? [String: Any])?["code"] as? String == "undecodable")
        #expect(flow.state == before)
        await inspector.disconnect()
    }

    /// A restore the flow refuses answers with the flow's reason; with redaction, only the
    /// reason's case goes, since the reason quotes routes and their values.
    @Test func aRefusedRestoreKeepsRedactedValuesOut() async throws {
        // The note screen cannot be built: restoring a state that shows one is refused, with a
        // reason that quotes a value.
        struct Unavailable: Error { var note = 4242 }
        let withoutNotes = NotesAppConfiguration.providers(datasource: NotesDatasource())
            .overriding(
                "note",
                with: Provider { (route: AppRoute) throws -> NoteDetail in
                    throw Unavailable(note: route.noteID)
                } events: { events in
                    for event in [NoteDetail.Event.load, .edit, .delete, .confirmDelete, .back] {
                        events.on(event, .present(.back))
                    }
                })
        let source = try makeFlow()
        try source.apply(.push(.note(id: 4242)))
        let saved = try JSONSerialization.jsonObject(with: JSONEncoder().encode(source.state))
        for redacting in [false, true] {
            let flow = try Flow(NotesAppConfiguration.layout, providers: withoutNotes)
            let transport = FakeTransport()
            let identity: @Sendable (AppRoute) -> AppRoute = { $0 }
            let inspector = FlowInspector(
                flow: flow, configuration: configuration, redact: redacting ? identity : nil, transport: transport)
            inspector.connect()
            _ = await transport.message { $0.causeKind == "connect" }
            let before = flow.state
            try transport.push(["type": "restore", "request": 3, "state": saved])
            let result = try #require(await transport.message { $0["type"] as? String == "result" })
            let error = try #require(result["error"] as? [String: Any])
            #expect(error["code"] as? String == "refused")
            let message = try #require(error["message"] as? String)
            #expect(message.contains("4242") == !redacting, "\(message)")
            #expect(message.contains("providerFailed"), "\(message)")
            #expect(flow.state == before)
            await inspector.disconnect()
        }
    }

    @Test func aReadOnlyClientRefusesRestores() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        var readOnly = configuration
        readOnly.allowRestore = false
        let inspector = FlowInspector(flow: flow, configuration: readOnly, transport: transport)
        inspector.connect()
        let connect = try #require(await transport.message { $0.causeKind == "connect" })
        try transport.push(["type": "restore", "request": 2, "state": try #require(connect["state"])])
        let result = try #require(await transport.message { $0["type"] as? String == "result" })
        #expect((result["error"] as? [String: Any])?["code"] as? String == InspectorRestoreError.notAllowed.code)
        #expect(transport.hellos.first?["canRestore"] as? Bool == false)
        await inspector.disconnect()
    }

    @Test func redactionHidesRoutePayloadsEverywhere() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport()
        let inspector = FlowInspector(
            flow: flow, configuration: configuration,
            redact: { route in
                if case .note = route { return .note(id: 0) }
                return route
            }, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        try flow.apply(.push(.note(id: 42)))
        let event = try #require(await transport.message { $0.causeKind == "presentation" })
        let text = String(decoding: try JSONSerialization.data(withJSONObject: event), as: UTF8.self)
        #expect(!text.contains("id: 42") && !text.contains("\"id\":42"))
        #expect((event["rendered"] as? String)?.contains("note(id: 0)") == true)
        await inspector.disconnect()
    }

    enum PrivateEvent: Hashable, Sendable { case select(secret: Int) }

    /// With redaction, causes and edges name an event's case only, and a refusal goes as its
    /// code: associated values and messages may carry what the app hides.
    @Test func redactionSendsEventCasesAndRefusalCodesOnly() async throws {
        let encoder = InspectorEncoder<AppRoute>(redact: { $0 }, router: nil, scene: "main")
        let state = try makeFlow().state
        let cause = FlowEvent<AppRoute>.Cause.event(
            AnyEvent(PrivateEvent.select(secret: 4242)), route: .notes, from: ElementID(rawValue: 3), .push(.about))
        let message = encoder.event(
            sequence: 1, kind: nil, cause: cause, changes: nil, state: state, previous: nil, refusal: nil, skipped: 0)
        let causeObject = try #require(message["cause"] as? [String: Any])
        #expect(causeObject["name"] as? String == "select")
        #expect((causeObject["edge"] as? [String: Any])?["event"] as? String == "select")
        let text = String(decoding: InspectorEncoder<AppRoute>.data(message), as: UTF8.self)
        #expect(!text.contains("4242") && !text.contains("secret"), "\(text)")
        // Without redaction, the event is written in full.
        let open = InspectorEncoder<AppRoute>(redact: nil, router: nil, scene: "main")
        #expect(
            (open.event(
                sequence: 1, kind: nil, cause: cause, changes: nil, state: state, previous: nil, refusal: nil,
                skipped: 0)["cause"] as? [String: Any])?["name"] as? String == "select(secret: 4242)")

        let flow = try makeFlow()
        let transport = FakeTransport()
        let inspector = FlowInspector(flow: flow, configuration: configuration, redact: { $0 }, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        #expect(throws: NavigationError.self) {
            try flow.apply(.path([.dismissAll, .push(.about), .selectTab("archive")]))
        }
        let refused = try #require(await transport.message { $0["refusal"] != nil })
        let refusal = try #require(refused["refusal"] as? [String: Any])
        #expect(refusal["code"] as? String != nil)
        #expect(refusal["message"] == nil)
        await inspector.disconnect()
    }

    @Test func reconnectsAfterTheInspectorWasAway() async throws {
        let flow = try makeFlow()
        let transport = FakeTransport(failingOpens: 2)
        let inspector = FlowInspector(flow: flow, configuration: configuration, transport: transport)
        inspector.connect()
        #expect(inspector.status == .connecting)
        _ = try #require(await transport.message { $0.causeKind == "connect" })
        #expect(inspector.sessionsOpened == 1)
        #expect(transport.hellos.count == 1)
        await inspector.disconnect()
    }

    @Test func burstsAboveTheCapAreCoalescedToTheLatestState() async throws {
        let flow = try makeFlow()
        // The cap counts on the flow's clock: held still, the burst falls in one second however
        // slowly the machine delivers it, and the held state goes when the clock moves on.
        let clock = ManualClock()
        flow.configuration.clock = clock
        let transport = FakeTransport()
        var capped = configuration
        capped.maxEventsPerSecond = 2
        let inspector = FlowInspector(flow: flow, configuration: capped, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        for id in 1...6 { try flow.apply(.push(.note(id: id))) }
        let final = flow.state.rendered()
        // Two go, the third is held, and each later one replaces the held one.
        for _ in 0..<100_000 where inspector.droppedEvents < 3 { await Task.yield() }
        #expect(inspector.droppedEvents == 3)
        #expect(transport.sent.filter { $0.causeKind == "presentation" }.count == 2)
        // The held state waits for the window's end on the flow's clock.
        for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(1))
        let last = try #require(await transport.message { $0["rendered"] as? String == final })
        #expect(last["skipped"] as? Int == 3)
        #expect(transport.sent.filter { $0.causeKind == "presentation" }.count == 3)
        await inspector.disconnect()
    }

    @Test func theRateCapAdmitsUpToItsLimitPerWindow() {
        var cap = RateCap(limit: 2, window: .seconds(1))
        let start = ContinuousClock.now
        let admitted = [0, 10, 20, 1000].map { cap.admit(at: start + .milliseconds($0)) }
        #expect(admitted == [true, true, false, true])
        #expect(cap.windowEnd == start + .seconds(2))
    }

    @Test func theLaunchEnvironmentConfiguresTheClient() {
        #expect(InspectorConfiguration.fromEnvironment([:]) == nil)
        let configuration = InspectorConfiguration.fromEnvironment(
            ["DESTINATIONS_INSPECTOR": "http://127.0.0.1:8765", "DESTINATIONS_INSPECTOR_TOKEN": "abc"], app: "Notes"
        )
        #expect(configuration?.url.absoluteString == "http://127.0.0.1:8765")
        #expect(configuration?.token == "abc")
    }
}
#endif
