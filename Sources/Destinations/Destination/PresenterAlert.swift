/// An alert or confirmation dialog whose buttons the screen that presents it handles: each
/// button sends one of the presenter's events, with the content it carries. Built by
/// ``Provider/alert(presentedBy:_:)``; an app never makes one itself.
@MainActor
public final class PresenterAlert<Presenter: Destination>: AlertDestination {
    /// A tap on one of the alert's buttons.
    public struct Event: Hashable, Sendable {
        /// The index of the button.
        public let button: Int
    }

    /// The alert's link to its flow.
    public let context = DestinationContext<Presenter.Route, Event>()
    /// What the alert shows, in the presenter's events.
    public let content: AlertContent<Presenter.Event>

    init(content: AlertContent<Presenter.Event>) {
        self.content = content
    }

    /// What the alert shows: the content's buttons, each sending its tap.
    public var alert: AlertContent<Event> {
        AlertContent(
            content.title,
            message: content.message,
            buttons: content.buttons.enumerated().map { index, button in
                AlertButton(button.label, role: button.role, sends: button.event == nil ? nil : Event(button: index))
            }
        )
    }

    /// Forwards a tap to the presenter, once the alert has closed (so that the presenter can
    /// present in turn); the presenter's refusal is reported like a view's ``Destination/post(_:)``.
    func forward(_ tap: Event) throws(NavigationError) {
        guard content.buttons.indices.contains(tap.button), let event = content.buttons[tap.button].event else {
            return
        }
        let carried = content.buttons[tap.button].content
        guard let flow = context.flow else { throw .destinationRemoved(context.id ?? ElementID(0)) }
        let presenter = try flow.presentingDestination(ofAlert: context.id, as: Presenter.self)
        flow.afterAlertTap { presenter.post(event, carrying: carried) }
    }
}

extension Provider {
    /// The provider of an alert or confirmation dialog whose buttons send the presenting
    /// screen's own events, with the content each carries — no alert Destination, no event
    /// declared twice, no state kept aside for the answer:
    ///
    /// ```swift
    /// case .confirmRemoval: .alert(presentedBy: Cart.self) { route in
    ///     AlertContent("Remove this item?", buttons: [
    ///         AlertButton("Remove", role: .destructive, sends: .remove, content: route.itemID),
    ///         AlertButton("Cancel", role: .cancel),
    ///     ])
    /// }
    /// // the cart's provider: events.on(.remove, .perform { cart, id in cart.remove(id) })
    /// ```
    ///
    /// A tap closes the alert, then sends the button's event to the presenter, so that its
    /// response can present in turn; a refusal is reported (logger, ``Flow/onRefusal``, the
    /// event stream), not thrown. The presenter is the screen the alert is presented from; when
    /// it is not a `P`, the tap is refused with ``NavigationError/presenterMismatch(expected:presenter:)``,
    /// and when it is gone, with ``NavigationError/destinationRemoved(_:)``.
    public static func alert<P: Destination>(
        presentedBy presenter: P.Type,
        _ content: @escaping @MainActor (Route) throws -> AlertContent<P.Event>
    ) -> Provider where P.Route == Route {
        var table = EventTable<PresenterAlert<P>>()
        table.fallback = EventResponse(
            kind: .perform(summary: "toPresenter(\(P.self))") {
                (input: EventResponse<PresenterAlert<P>>.Input) throws(NavigationError) in
                try input.destination.forward(input.event)
            }
        )
        return Provider(
            TypedProvider(make: .route { route in PresenterAlert<P>(content: try content(route)) }, table: table))
    }
}
