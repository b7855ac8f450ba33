import Destinations

/// The trivial Destination every benchmark screen is built as: no state, no work.
@MainActor
public final class BenchScreen: Destination {
    /// What a benchmark screen can send.
    public enum Event: Hashable, Sendable {
        /// Configured as `.present(.push(.screen(0)))`.
        case push
        /// Configured as `.present(.back)`.
        case back
        /// Configured as `.perform { _ in }`: no navigation at all.
        case perform
    }

    /// The Destination's link to its flow.
    public let context = DestinationContext<BenchRoute, Event>()

    /// Creates a screen's Destination.
    public init() {}
}

extension Providers where Route == BenchRoute {
    /// Providers that build a ``BenchScreen`` for every route, with every event configured.
    public static var bench: Providers<BenchRoute> {
        let provider = Provider<BenchRoute> { _ in
            BenchScreen()
        } events: { events in
            events.on(.push, .present(.push(.screen(0))))
            events.on(.back, .present(.back))
            events.on(.perform, .perform { _ in })
        }
        return Providers { _ in provider }
    }
}

extension Providers where Route == BenchRoute {
    /// The README's pattern: the lookup creates the provider where it names it, so every
    /// lookup would build one (``bench`` builds it once).
    public static var readme: Providers<BenchRoute> {
        Providers { route in
            switch route {
            case .screen:
                Provider { _ in
                    BenchScreen()
                } events: { events in
                    events.on(.push, .present(.push(.screen(0))))
                    events.on(.back, .present(.back))
                    events.on(.perform, .perform { _ in })
                }
            }
        }
    }
}
