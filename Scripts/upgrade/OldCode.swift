// Code written against 0.2.0, as an app had it: Scripts/upgrade-messages.sh type-checks it
// against today's modules and checks that each line fails or warns with a message that says
// what to write instead. It is not part of any target.
import Destinations
import DestinationsURLs

enum OldRoute: NavigationRoute { case list, detail }

@MainActor final class OldList: Destination {
    enum Event: Hashable { case select, pick }
    let context = DestinationContext<OldRoute, Event>()
}

// 0.3.0: a content event declared on a case without payload, which let `send(.pick)` compile.
extension ContentEvent<OldList.Event, Int> {
    static var pick: Self { Self(.pick) }
}

@MainActor func upgradeFrom020(list: OldList, flow: Flow<OldRoute>, router: URLRouter<OldRoute>) throws {
    try list.send(.select, content: 3)
    list.post(.select, content: 3)
    _ = Provider<OldRoute>({ _ in OldList() }, events: { $0.on(.select, .present { (id: Int) in .push(.detail) }) })
    _ = Provider<OldRoute>({ _ in OldList() }, events: { $0.on(.select, .handOff { (id: Int) in .push(.detail) }) })
    _ = Provider<OldRoute>({ _ in OldList() }) { events in
        events.on(.select, .assist { input in input.content == nil ? .back : .push(.detail) })
    }
    _ = try Flow(providers: Providers<OldRoute> { _ in nil }, urls: router, scene: "main")
    _ = try flow.open("old://list")
    flow.clearPending()
    _ = try flow.applyOrRedirect(.push(.detail))
    flow.pendingLifetime = .seconds(60)
    let _: PlannedChange<OldRoute>? = nil
    let _: LinkSource = .app
    try flow.apply(.popped(stack: ElementID(1), toCount: 1))
}
