/// Something that happened inside a flow between the changes a caller asked for: an event a
/// Destination sent from its own code, an interactor's result delivered late, a stream's value.
/// A test harness records them in order (``Flow/happeningRecorder``) so that a test can assert
/// each one and the state it led to.
package struct FlowHappening: Sendable {
    /// What kind of thing happened.
    package enum Kind: Sendable, Equatable {
        /// A Destination sent an event (from a hook, a result handler, a timer).
        case event
        /// An interactor's result reached its Destination after the request's event returned.
        case result
        /// A stream delivered a value (a clock's tick, a word heard).
        case value
    }

    /// What kind of thing happened.
    package let kind: Kind
    /// The screen it happened to.
    package let screen: ElementID?
    /// Where it came from: the Destination's type for an event, the interactor's for a result
    /// or a value.
    package let source: String
    /// The event, the result or the value.
    package let value: any Sendable

    package init(_ kind: Kind, screen: ElementID?, source: String, value: any Sendable) {
        self.kind = kind
        self.screen = screen
        self.source = source
        self.value = value
    }
}
