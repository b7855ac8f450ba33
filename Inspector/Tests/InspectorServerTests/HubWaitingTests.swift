import Foundation
import Testing

@testable import destinations_inspector

/// What an app's flow waits on: the hub checks a `waiting` message, relays it to pages, keeps
/// it for a page's snapshot while it lasts, and drops it when the app says the waits ended.
@Suite struct HubWaitingTests {
    let hello = #"{"type":"hello","protocol":1,"app":"Notes","scene":"main","pid":1}"#
    let waiting =
        #"{"type":"waiting","items":[{"id":1,"kind":"resolution","name":"lookup","cause":"opened s/{code}","ageMillis":12}],"more":0}"#

    @Test func aWaitReachesPagesAndTheSnapshotUntilItEnds() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let (id, key) = try await hub.opened(hello)
        let (_, stream) = await hub.addPage()
        var reader = PageReader(iterator: stream.makeAsyncIterator())
        _ = await reader.next("snapshot")
        #expect(await hub.receive([waiting], key: key) == [])
        let relayed = try #require(await reader.next("waiting"))
        #expect(relayed["session"] as? Int == id)
        let items = try #require(relayed["items"] as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["lookup"])
        #expect(items.first?["ageMillis"] as? Int == 12)
        let during = try #require(JSONText.object(await hub.snapshot()))
        let session = try #require((during["sessions"] as? [[String: Any]])?.first)
        #expect(((session["waiting"] as? [String: Any])?["items"] as? [Any])?.count == 1)
        #expect(await hub.receive([#"{"type":"waiting","items":[],"more":0}"#], key: key) == [])
        let cleared = try #require(await reader.next("waiting"))
        #expect((cleared["items"] as? [Any])?.isEmpty == true)
        let after = try #require(JSONText.object(await hub.snapshot()))
        #expect((after["sessions"] as? [[String: Any]])?.first?["waiting"] is NSNull)
    }

    @Test func aMalformedWaitIsRefusedWithTheMemberAtFault() async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let (_, key) = try await hub.opened(hello)
        let cases: [(String, String)] = [
            (#"{"type":"waiting"}"#, "items"),
            (#"{"type":"waiting","items":[{"id":1,"kind":"k","name":"g","cause":"c"}]}"#, "items[0].ageMillis"),
            (#"{"type":"waiting","items":[{"id":-1,"kind":"k","name":"g","cause":"c","ageMillis":0}]}"#, "items[0].id"),
            (#"{"type":"waiting","items":[],"more":-2}"#, "more"),
        ]
        for (line, member) in cases {
            let refusals = await hub.receive([line], key: key)
            #expect(refusals?.first?.reason.contains(member) == true, "\(line)")
        }
    }
}
