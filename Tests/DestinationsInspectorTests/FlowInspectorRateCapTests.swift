#if DEBUG || InspectorInRelease
import Destinations
@testable import DestinationsInspector
import Foundation
import NotesApp
import Testing

@MainActor
@Suite struct FlowInspectorRateCapTests {
    /// Coalescing keeps the latest state, but never hides a refusal: the page shows each one.
    @Test func aRefusalInsideABurstIsNeverCoalescedAway() async throws {
        let flow = try Flow(
            NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: NotesDatasource()))
        let transport = FakeTransport()
        var capped = InspectorConfiguration(url: URL(string: "http://127.0.0.1:1")!, token: "t")
        capped.maxEventsPerSecond = 1
        let inspector = FlowInspector(flow: flow, configuration: capped, transport: transport)
        inspector.connect()
        _ = await transport.message { $0.causeKind == "connect" }
        try flow.apply(.push(.note(id: 1)))
        #expect(throws: NavigationError.self) { try flow.apply(.selectTab("archive")) }
        try flow.apply(.push(.note(id: 2)))
        let final = flow.state.rendered()
        _ = try #require(await transport.message { $0["rendered"] as? String == final })
        let refusals = transport.sent.filter { $0["refusal"] != nil }
        #expect(refusals.count == 1)
        let sequences = transport.sent.compactMap { $0["seq"] as? Int }
        #expect(sequences == sequences.sorted(), "events go out in order")
        await inspector.disconnect()
    }
}
#endif
