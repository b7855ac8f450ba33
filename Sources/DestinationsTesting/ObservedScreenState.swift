import Destinations

/// The state of a Destination that declares none (it is not a ``/Destinations/StatefulDestination``)
/// but is `@Observable`: its observable stored properties, read by reflection, so that a
/// screen's state needs no second type and a property added later is checked without anyone
/// remembering to.
///
/// The properties are those the `@Observable` macro tracks: a property marked
/// `@ObservationIgnored` is left out (the way to leave out a property the test should not
/// check: a closure, a cache), and so are `let` constants and the observation registrar. Values
/// are compared with `==`; a value that is not `Equatable` is compared by its dump. The state
/// prints one field a line, like a declared state (``ScreenStateText``).
struct ObservedScreenState: Equatable, CustomReflectable, @unchecked Sendable {
    // Unchecked: the values are copies read on the main actor; a reference among them (a
    // nested model) is only compared and printed there, by the harness.

    /// One observable stored property.
    struct Field {
        let name: String
        let value: Any
    }

    let fields: [Field]

    /// The observable stored properties of `destination`, or `nil` when it is not
    /// `@Observable` or has none.
    @MainActor
    init?(of destination: AnyObject) {
        let mirror = Mirror(reflecting: destination)
        guard mirror.children.contains(where: { $0.label == Self.registrar }) else { return nil }
        let fields = mirror.children.compactMap { child -> Field? in
            guard let label = child.label, label.hasPrefix("_"), label != Self.registrar else { return nil }
            return Field(name: String(label.dropFirst()), value: child.value)
        }
        guard !fields.isEmpty else { return nil }
        self.fields = fields
    }

    /// The name of the registrar the `@Observable` macro adds.
    private static let registrar = "_$observationRegistrar"

    static func == (lhs: ObservedScreenState, rhs: ObservedScreenState) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { left, right in
                left.name == right.name && equal(left.value, right.value)
            }
    }

    /// Whether two values are equal: with `==` when they are `Equatable` and of one type, by
    /// their dumps otherwise.
    private static func equal(_ left: Any, _ right: Any) -> Bool {
        guard let equatable = left as? any Equatable else { return dumped(left) == dumped(right) }
        func compare<T: Equatable>(_ value: T) -> Bool { (right as? T) == value }
        return compare(equatable)
    }

    private static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    var customMirror: Mirror {
        Mirror(self, children: fields.map { (label: $0.name, value: $0.value) }, displayStyle: .struct)
    }
}

/// The state a harness checks for a live Destination: the one it declares
/// (``/Destinations/StatefulDestination``), else its observable stored properties
/// (``ObservedScreenState``), else none.
@MainActor
func checkedScreenState(of destination: AnyObject) -> AnyScreenState? {
    if let declared = AnyScreenState(of: destination) { return declared }
    return ObservedScreenState(of: destination).map { AnyScreenState(value: $0) }
}
