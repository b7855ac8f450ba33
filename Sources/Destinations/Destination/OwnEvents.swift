/// A Destination some of whose events only its own code sends — a load when it is presented,
/// a save after an edit, a timer's start, an alert's forwarded confirmation — never a view.
///
/// ```swift
/// final class Meeting: Destination, OwnEvents {
///     enum Event: Hashable, Sendable, CaseIterable { case startTimer, endMeeting, tick }
///     static let ownEvents: Set<Event> = [.startTimer, .tick]
///     …
/// }
/// ```
///
/// The events stay configured and are sent as any other (``Destination/send(_:content:)``);
/// what changes is what tools that play the user do: a random walk (`RandomWalk` in
/// `DestinationsTesting`) and any exploration of what a user can reach leave them out, since no
/// user can tap them. The ``FlowGraph`` keeps them, marked as sent from code
/// (``FlowGraph/Edge/isOwnEvent``): the routes they lead to are reached when the app runs.
@MainActor
public protocol OwnEvents: Destination {
    /// The events no view sends.
    static var ownEvents: Set<Event> { get }
}

/// The names of the events the Destination `destination` marks as its own (``OwnEvents``), as
/// a provider's ``Provider/configuredEvents`` names them; empty when it marks none.
@MainActor
package func ownEventNames(of destination: AnyObject) -> Set<String> {
    ownEventNames(ofType: type(of: destination))
}

/// The names of the events a Destination type marks as its own (``OwnEvents``); empty when it
/// marks none or is no Destination type.
@MainActor
package func ownEventNames(ofType destinationType: Any.Type) -> Set<String> {
    guard let type = destinationType as? any OwnEvents.Type else { return [] }
    func names<D: OwnEvents>(_: D.Type) -> Set<String> { Set(D.ownEvents.map { eventName($0) }) }
    return names(type)
}
