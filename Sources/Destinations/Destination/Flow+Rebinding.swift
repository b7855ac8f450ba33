extension Flow {
    /// Gives the screens already in the flow the event configuration of the current providers:
    /// after ``replaceProviders(_:)``, which affects only screens added later, an A/B switch
    /// takes effect on the list the user is looking at too.
    ///
    /// ```swift
    /// flow.replaceProviders(variantB)
    /// flow.rebindScreens()      // the visible list's `select` now shows a card
    /// ```
    ///
    /// Each screen keeps its Destination — its state, its id, what its view holds — and takes
    /// the new provider's responses; interactors the new responses use and the old ones did
    /// not are prepared for it now. A screen whose new provider builds another type of
    /// Destination cannot be rebound: it keeps its old responses until it is shown anew, and
    /// its id is returned.
    ///
    /// - Returns: The ids of the screens that kept their old responses, in id order.
    @discardableResult
    public func rebindScreens() -> [ElementID] {
        var kept: [ElementID] = []
        for (id, destination) in live.entries.sorted(by: { $0.id < $1.id }) {
            guard let route = storage.node(id)?.route, let provider = providers.provider(for: route),
                (destination as? any Rebinding)?.rebind(to: provider.box) == true
            else {
                kept.append(id)
                continue
            }
        }
        return kept
    }
}
