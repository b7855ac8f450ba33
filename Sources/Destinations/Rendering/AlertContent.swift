/// What an alert or a confirmation dialog shows, as data: renderers draw it, tests tap it.
///
/// ```swift
/// final class DeleteNoteAlert: AlertDestination {
///     enum Event: Hashable, Sendable { case confirm }
///     let context = DestinationContext<AppRoute, Event>()
///     var alert: AlertContent<Event> {
///         AlertContent("Delete this note?", buttons: [
///             AlertButton("Delete", role: .destructive, sends: .confirm),
///             AlertButton("Cancel", role: .cancel),
///         ])
///     }
/// }
/// ```
///
/// A tap sends the button's event and then dismisses the alert (``Flow/tapAlertButton(_:of:)``),
/// as every platform does: the alert's Destination is removed at once, so work that must
/// outlive the tap (a delete request) belongs to the presenter. Most alerts only ask the
/// presenter something: build them with ``Provider/alert(presentedBy:_:)``, whose buttons send
/// the presenter's own events, with the content each button carries, and need no Destination
/// of their own.
public struct AlertContent<Event: Hashable & Sendable>: Hashable, Sendable {
    /// The title.
    public var title: String
    /// The message under the title.
    public var message: String?
    /// The buttons, in order.
    public var buttons: [AlertButton<Event>]

    /// Creates alert content.
    public init(_ title: String, message: String? = nil, buttons: [AlertButton<Event>]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

extension AlertDisplay {
    /// How a platform styles and places an alert's button.
    public enum Role: Hashable, Sendable {
        /// Dismisses without acting; platforms place it apart.
        case cancel
        /// Destroys something; platforms draw it in red.
        case destructive
    }
}

/// One button of an alert.
public struct AlertButton<Event: Hashable & Sendable>: Hashable, Sendable {
    /// How a platform styles and places the button.
    public typealias Role = AlertDisplay.Role

    /// The label.
    public var label: String
    /// The role, or `nil` for a plain button.
    public var role: Role?
    /// The event a tap sends to the alert's Destination, or `nil` for a button that only
    /// dismisses.
    public var event: Event?
    /// The content the button sends with its event.
    var carried: CarriedContent?

    /// The content the button sends with its event, if any.
    public var content: (any Hashable & Sendable)? { carried?.value }

    /// Creates a button that sends `event` (or only dismisses, when it is `nil`).
    public init(_ label: String, role: Role? = nil, sends event: Event? = nil) {
        self.label = label
        self.role = role
        self.event = event
    }

    /// Creates a button that sends an event carrying `content`: the item a confirmation is
    /// about. The event's ``ContentEvent`` declaration fixes the content's type.
    ///
    /// ```swift
    /// AlertButton("Remove", role: .destructive, sends: .remove, content: item.id)
    /// ```
    public init<Content: Hashable & Sendable>(
        _ label: String,
        role: Role? = nil,
        sends event: ContentEvent<Event, Content>,
        content: Content
    ) {
        self.label = label
        self.role = role
        self.event = event.event
        carried = CarriedContent(value: content)
    }
}

/// A button's content, compared as a value.
struct CarriedContent: Hashable, Sendable {
    let value: any Hashable & Sendable

    static func == (lhs: CarriedContent, rhs: CarriedContent) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    func hash(into hasher: inout Hasher) {
        AnyHashable(value).hash(into: &hasher)
    }
}

/// A Destination shown as an alert or a confirmation dialog, with its content as data.
///
/// An overlay whose Destination is not an `AlertDestination` shows as its route's name with
/// one *OK* button that only dismisses.
@MainActor
public protocol AlertDestination: Destination {
    /// What the alert shows now.
    var alert: AlertContent<Event> { get }
}

/// An alert's content without its event type: what a renderer draws.
public struct AlertDisplay: Hashable, Sendable {
    /// One button: its label and role.
    public struct Button: Hashable, Sendable {
        /// The label.
        public let label: String
        /// The role.
        public let role: Role?

        /// The *OK* button that only dismisses: what an alert without buttons shows.
        static let ok = Button(label: "OK", role: .cancel)
    }

    /// The title.
    public let title: String
    /// The message.
    public let message: String?
    /// The buttons, in order; tap one with ``Flow/tapAlertButton(_:of:)`` and its index. Never
    /// empty: content without buttons shows one *OK* button with the cancel role.
    public let buttons: [Button]

    /// The index of the button a dismissal without a tap stands for: the first button with the
    /// cancel role, or `nil` when there is none.
    ///
    /// An iPad action sheet is a popover that hides its cancel button, and a tap outside it
    /// acts as that button: `RenderScheduler.alertClosed(_:in:)` reports it so.
    public var cancelButton: Int? {
        buttons.firstIndex { $0.role == .cancel }
    }
}
