extension ChangeRequest {
    /// The parts of a request most requests leave unset, shared by its copies.
    ///
    /// Kept out of line so that a request stays small enough for code specialised for a route
    /// to copy it directly instead of through the type's metadata (the push-back and event
    /// figures).
    final class Options: Sendable {
        let values: Values

        init(_ values: Values) {
            self.values = values
        }
    }

    /// The values of ``Options``.
    struct Values: Sendable {
        var content: (any Sendable)?
        var access: (@Sendable (Route) -> Bool)?
        var maximumScreens: Int?
        var fallbackInterruption: (@Sendable (Route) -> InterruptionPolicy)?
        var resolution: Resolution?
        var resumption: Resumption?

        /// Whether every value is unset.
        var isEmpty: Bool {
            content == nil && access == nil && maximumScreens == nil && fallbackInterruption == nil
                && resolution == nil && resumption == nil
        }
    }

    /// Changes the options, keeping none out of line when all are unset.
    mutating func updateOptions(_ change: (inout Values) -> Void) {
        var values = options?.values ?? Values()
        change(&values)
        options = values.isEmpty ? nil : Options(values)
    }
}
