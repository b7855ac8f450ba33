// User actions of 0.1.0 named elements by position; 0.2.0 names them by identity so that a late
// report cannot change an element the user did not touch. Kept for one minor version (removed in 0.5.0) as messages that say
// what to write instead; their bodies never run.

extension UserAction {
    /// Replaced by ``popped(stack:to:)``, which names the screen left on top.
    @available(*, unavailable, message: "write .popped(stack: stack, to: idOfTheScreenNowOnTop)")
    public static func popped(stack: ElementID, toCount: Int) -> UserAction {
        fatalError("unavailable")
    }

    /// Replaced by ``dismissed(modal:)``, which names the modal the user dismissed.
    @available(*, unavailable, message: "write .dismissed(modal: idOfTheModalsContent)")
    public static func dismissed(presenter: ElementID) -> UserAction {
        fatalError("unavailable")
    }
}
