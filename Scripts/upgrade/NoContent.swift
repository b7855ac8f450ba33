// Today's spelling, sent without its content: Scripts/upgrade-messages.sh type-checks it and
// checks that the compiler refuses it with a message that names the content's type. It is not
// part of any target.
import Destinations

enum ShelfRoute: NavigationRoute { case shelf }

@MainActor final class Shelf: Destination {
    enum Event: Hashable { case take(Carrying<String>) }
    let context = DestinationContext<ShelfRoute, Event>()
}

extension ContentEvent<Shelf.Event, String> {
    static var take: Self { Self(Shelf.Event.take) }
}

@MainActor func sendWithoutContent(shelf: Shelf) throws {
    try shelf.send(.take, content: "Dune")
    try shelf.send(.take)
}
