extension Tabs {
    /// The hidden tabs and the action items of a bar that has either, shared by its copies.
    ///
    /// Most bars have neither, so ``Tabs`` keeps them out of line: a bar is then small enough
    /// that code specialised for a route copies it directly instead of through the type's
    /// metadata.
    final class Extras: Sendable, Equatable {
        let hidden: Set<TabID>
        let actions: [Action]

        /// The arrangement, or `nil` when there is nothing hidden and no action.
        init?(hidden: Set<TabID>, actions: [Action]) {
            guard !hidden.isEmpty || !actions.isEmpty else { return nil }
            self.hidden = hidden
            self.actions = actions
        }

        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs === rhs || (lhs.hidden == rhs.hidden && lhs.actions == rhs.actions)
        }
    }
}
