public import Destinations

/// Something that happened inside a step of a ``FlowHarness`` besides the step's own action:
/// an event a Destination sent from its code (a hook, a result handler), an interactor's
/// result that arrived after the request's event returned, or a stream's value (a clock's
/// tick, a word heard). The harness records them in order, each with the state it led to, and
/// a test asserts them with ``FlowHarness/receive(_:fileID:filePath:line:column:_:)``.
public struct Happening: Sendable, CustomStringConvertible {
    /// What kind of thing happened.
    public enum Kind: Sendable, Hashable {
        /// A Destination sent an event from its own code.
        case event
        /// An interactor's result reached its Destination.
        case result
        /// A stream delivered a value.
        case value
    }

    /// The step it happened in: the step that was running, or whose work was under way.
    public let step: Int
    /// What kind of thing happened.
    public let kind: Kind
    /// The screen it happened to.
    public let screen: ElementID?
    /// Where it came from: the Destination's type for an event, the interactor's type for a
    /// result or a value.
    public let source: String
    /// The event, the result or the value.
    public let value: any Sendable

    /// Creates a record of what happened; the harness makes them.
    public init(step: Int, kind: Kind, screen: ElementID?, source: String, value: any Sendable) {
        self.step = step
        self.kind = kind
        self.screen = screen
        self.source = source
        self.value = value
    }

    /// What happened, as failures and skipped lists show it: `event .retrieve from NotesList`,
    /// `value 3 from MeetingTimer`.
    public var description: String {
        let printed = ScreenStateText.compact(value)
        switch kind {
        case .event: return "event \(printed.hasPrefix(".") ? printed : "." + printed) from \(source)"
        case .result: return "result \(printed) from \(source)"
        case .value: return "value \(printed) from \(source)"
        }
    }
}
