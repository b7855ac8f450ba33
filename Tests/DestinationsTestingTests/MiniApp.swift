import DestinationsTesting

/// A small app for testing the harness itself: a list that pushes items and presents a sheet.
enum MiniRoute: NavigationRoute, Codable {
    case list
    case item(Int)
    case sheet
}

@MainActor final class ListScreen: Destination {
    enum Event: Hashable, Sendable {
        case open(Carrying<Int>)
        case compose, load
    }
    let context = DestinationContext<MiniRoute, Event>()
}

extension ContentEvent<ListScreen.Event, Int> {
    static var open: Self { Self(ListScreen.Event.open) }
}

@MainActor final class ItemScreen: Destination {
    enum Event: Hashable, Sendable { case close, more }
    let context = DestinationContext<MiniRoute, Event>()
    let number: Int
    /// A deliberate bug: when set, the screen holds itself and is never released.
    var cycle: ItemScreen?

    init(number: Int) {
        self.number = number
    }
}

@MainActor final class SheetScreen: Destination {
    enum Event: Hashable, Sendable { case done }
    let context = DestinationContext<MiniRoute, Event>()
}

@MainActor
enum MiniApp {
    static let layout: Layout<MiniRoute> = .tabs([.tab("main", .stack(.list)), .tab("other", .stack(.list))])

    static func providers(leakItem: Int? = nil, lockedSheet: Bool = false) -> Providers<MiniRoute> {
        let list = Provider { (_: MiniRoute) in
            ListScreen()
        } events: { events in
            events.on(.open, .present { number in .push(.item(number)) })
            events.on(.compose, .present(.sheet(.sheet, SheetOptions(interactiveDismissDisabled: lockedSheet))))
            events.on(
                .load,
                .perform { input in
                    let screen = input.destination
                    screen.context.track {
                        await Task.yield()
                        _ = try? screen.context.present(.push(.item(99)))
                    }
                })
        }
        let item = Provider { (route: MiniRoute) -> ItemScreen in
            guard case .item(let number) = route else { return ItemScreen(number: 0) }
            let screen = ItemScreen(number: number)
            if number == leakItem { screen.cycle = screen }
            return screen
        } events: { events in
            events.on(.close, .present(.back))
            events.on(.more, .assist { input in .push(.item(input.destination.number + 1)) })
        }
        let sheet = Provider { (_: MiniRoute) in
            SheetScreen()
        } events: { events in
            events.on(.done, .present(.dismiss))
        }
        return Providers { route in
            switch route {
            case .list: list
            case .item: item
            case .sheet: sheet
            }
        }
    }
}
