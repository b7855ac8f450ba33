extension SheetOptions {
    /// The detents the sheet offers: ``detents``, or the full height alone when that is empty —
    /// what renderers hand the platform, and what a ``UserAction/movedSheet(to:modal:)`` report
    /// may name.
    public var offeredDetents: [SheetDetent] {
        detents.isEmpty ? [.large] : detents
    }

    /// The detent the sheet rests at: ``selectedDetent``, or the first offered one.
    public var restingDetent: SheetDetent {
        selectedDetent ?? offeredDetents[0]
    }
}
