/// Where a content generator of a ``RandomWalk`` or a ``FlowExplorer`` applies: a Destination
/// type and one of its events, by name, so that two screens' `select` events each keep theirs.
struct ContentKey: Hashable {
    let type: ObjectIdentifier
    let event: String

    init(_ type: Any.Type, event: String) {
        self.type = ObjectIdentifier(type)
        self.event = event
    }
}
