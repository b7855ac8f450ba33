/// The payload of an event case that carries content: what makes the compiler refuse the
/// event sent without it.
///
/// An event that carries content is declared as a case whose payload is `Carrying` its
/// content's type, and once more as a ``ContentEvent``, with the case's constructor:
///
/// ```swift
/// final class NotesList: Destination {
///     enum Event: Hashable { case select(Carrying<Note>), compose }
///     let context = DestinationContext<AppRoute, Event>()
/// }
///
/// extension ContentEvent<NotesList.Event, Note> {
///     /// The user tapped a note.
///     static var select: Self { Self(NotesList.Event.select) }
/// }
/// ```
///
/// `Carrying` has no public initializer, so `.select` alone is not an event:
/// `list.send(.select)` does not compile ("member 'select' expects argument of type
/// 'Carrying<Note>'"), while `list.send(.select, content: note)` names the declaration above
/// and is checked against `Note`. All values of one `Carrying` type are equal, so the event
/// table, validation and the flow graph see one event, named `select`.
///
/// Such an enum is not `CaseIterable` by synthesis. To keep validation's check that every
/// event is configured, list the cases yourself, with ``listed`` standing for the content:
///
/// ```swift
/// enum Event: Hashable, CaseIterable {
///     case select(Carrying<Note>), compose
///     static let allCases: [Event] = [.select(.listed), .compose]
/// }
/// ```
public struct Carrying<Content: Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// Only the library makes one, for the event a ``ContentEvent`` declares.
    package init() {}

    /// A placeholder for listing a content event among an enum's `allCases`. An event sent
    /// with it carries no content, and a response that reads the content refuses it with
    /// ``NavigationError/contentMismatch(event:expected:actual:)``.
    public static var listed: Carrying { Carrying() }

    /// The content's type, as a payload prints: `Note`.
    public var description: String { String(describing: Content.self) }
}

/// A marker for the payload of an event that carries content, whatever its content's type.
protocol ContentPayload {}

extension Carrying: ContentPayload {}

/// The name of an event for messages, the flow graph and tools that fire events by name: its
/// case's name for a case that carries content (`select`, not `select(Note)`), else the
/// event as it prints.
package func eventName(_ event: Any) -> String {
    let value = (event as? AnyHashable)?.base ?? event
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label,
        child.value is any ContentPayload
    {
        return label
    }
    return "\(value)"
}
