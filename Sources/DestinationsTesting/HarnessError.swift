/// What went wrong in a ``FlowHarness`` step: which step, what it did, on which Destination,
/// and what was expected.
///
/// A step that cannot run — no such Destination on screen, an event the flow refused, a gesture
/// the state does not allow — throws it. A step that ran but left a state the test did not
/// expect is reported as a test issue with the same text (see ``FlowHarness``).
public struct HarnessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step's number: 0 for the flow's start, then 1, 2, … in the order steps ran.
    public let step: Int
    /// The step as written: `send select to notes #3`, `swipeBack`, ….
    public let action: String
    /// The screen the step was aimed at, as `route #id`, when it was aimed at one.
    public let destination: String?
    /// What went wrong.
    public let problem: Problem

    /// Creates an error.
    public init(step: Int, action: String, destination: String? = nil, problem: Problem) {
        self.step = step
        self.action = action
        self.destination = destination
        self.problem = problem
    }

    /// What went wrong, with what was expected.
    public enum Problem: Hashable, Sendable {
        /// No visible screen shows a Destination of this type.
        case noVisibleDestination(type: String, visible: [String])
        /// Several visible screens show a Destination of this type; name one by id.
        case ambiguousDestination(type: String, candidates: [String])
        /// The screen with this id is not visible, or its Destination is not of the type given.
        case notVisible(ElementID, type: String, visible: [String])
        /// The flow refused the step; its state is unchanged.
        case refused(NavigationError)
        /// A swipe back needs a stack with more than its root under the focused screen.
        case nothingToSwipeBack(focused: String)
        /// A swipe down needs a sheet on top; this is what is on top instead.
        case noSheetToSwipeDown(onTop: String)
        /// No alert or confirmation dialog is on top to tap.
        case noAlertToTap(focused: String)
        /// The alert on top has no button with that label; these are its buttons.
        case noAlertButton(String, buttons: [String])
        /// The sheet on top disables interactive dismissal.
        case sheetLocked(ElementID)
        /// No tab bar is reachable from the focused screen (none, or a modal covers it).
        case noTabBar(focused: String)
        /// The focused screen is not in a split view's content or detail column.
        case noColumnToClose(focused: String)
        /// Tracked work did not finish before the deadline; the step cannot be checked.
        case workDidNotSettle(SettleTimeout)
        /// The tab bar has no tab of that name.
        case unknownTab(TabID, tabs: [TabID])
        /// The tab is in the bar but hidden by its arrangement: the user cannot tap it.
        case hiddenTab(TabID)
        /// The tab bar has no action item of that name.
        case unknownTabAction(TabID, actions: [TabID])
        /// The state after the step differs from the expected one; the diff is expected (`-`)
        /// against actual (`+`).
        case stateMismatch(diff: String)
        /// The state changed and the test did not say how: the diff is the state before (`-`)
        /// against the state after (`+`).
        case unassertedChange(diff: String)
        /// A screen's state (`screen` is its heading, `state of note(id: 1) #7`) changed — its
        /// value before and after are not `==` — but prints as it did, so no expectation can
        /// say how: the diff is the value before (`-`) against
        /// after (`+`), dumped field by field. Make the state's printing show what changed (a
        /// `description` that leaves a field out hides it).
        case unprintedScreenChange(screen: String, diff: String)
        /// Something happened inside a step — an event a Destination sent from its code, an
        /// interactor's result, a stream's value — and the test did not receive it, with
        /// ``FlowHarness/happenings`` exhaustive: what happened (``Happening/description``).
        case unreceivedHappening(String)
        /// A receive expected something (`expected`, the value as printed) and the next
        /// happening was another, or there was none (`received` is `nil`).
        case unexpectedHappening(expected: String, received: String?)
        /// A transcript differs from its golden file.
        case transcriptMismatch(name: String, path: String, diff: String)
        /// A transcript had no golden file yet; it was written.
        case transcriptRecorded(name: String, path: String)
        /// A golden file could not be written.
        case transcriptNotWritten(path: String, reason: String)
        /// A golden file exists but could not be read; it was left as it is.
        case transcriptUnreadable(path: String, reason: String)
    }

    /// The error as a readable report: the step, the Destination, what was expected.
    public var description: String {
        let target = destination.map { " on \($0)" } ?? ""
        return "Step \(step) (\(action))\(target): \(problem.description)"
    }

    /// The flow's reason, when it refused the step.
    public var navigationError: NavigationError? {
        if case .refused(let error) = problem { return error }
        return nil
    }
}

extension HarnessError.Problem: CustomStringConvertible {
    /// The problem as a sentence, with what was expected and what was found.
    public var description: String {
        switch self {
        case .noVisibleDestination(let type, let visible):
            "expected a visible \(type), but the visible screens are \(list(visible))."
        case .ambiguousDestination(let type, let candidates):
            "\(candidates.count) visible screens show a \(type) (\(list(candidates))); pass the screen's id."
        case .notVisible(let id, let type, let visible):
            "expected screen \(id) to be visible and to show a \(type); the visible screens are \(list(visible))."
        case .refused(let error):
            "the flow refused it: \(error). The state is unchanged."
        case .nothingToSwipeBack(let focused):
            "expected a stack with something to go back to under the focused screen \(focused), but there is none."
        case .noSheetToSwipeDown(let onTop):
            "expected a sheet on top to swipe down, but on top is \(onTop)."
        case .noAlertToTap(let focused):
            "expected an alert or a confirmation dialog on top to tap, but none is (focused: \(focused))."
        case .noAlertButton(let label, let buttons):
            "expected a button labelled '\(label)' on the alert on top; its buttons are \(list(buttons))."
        case .sheetLocked(let id):
            "the sheet presented by \(id) disables interactive dismissal; it cannot be swiped down."
        case .noTabBar(let focused):
            "expected a tab bar reachable from the focused screen \(focused), but there is none (or a modal covers it)."
        case .noColumnToClose(let focused):
            "expected the focused screen \(focused) in a split view's content or detail column, but it is not."
        case .workDidNotSettle(let timeout):
            "\(timeout)"
        case .unknownTab(let tab, let tabs):
            "expected a tab '\(tab)', but the tab bar has \(tabs.map(\.rawValue).joined(separator: ", "))."
        case .hiddenTab(let tab):
            "expected to tap the tab '\(tab)', but the tab bar's arrangement hides it."
        case .unknownTabAction(let item, let actions):
            "expected an action item '\(item)', but the tab bar has \(actions.isEmpty ? "none" : actions.map(\.rawValue).joined(separator: ", "))."
        case .stateMismatch(let diff):
            "the state is not the expected one (- expected, + actual):\n\(diff)"
        case .unprintedScreenChange(let screen, let diff):
            "\(screen) changed but prints as before, so no expectation can say how "
                + "(- before, + after, dumped):\n\(diff)\nMake its printing show what changed."
        case .unassertedChange(let diff):
            "the state changed but the test did not say how (- before, + after):\n\(diff)\n"
                + "Pass the expected state to the step, or use a non-exhaustive harness."
        case .unreceivedHappening(let happening):
            "\(happening) was not received. Receive it (harness.receive(…)), skip it "
                + "(harness.skipHappenings()) or make the harness's happenings non-exhaustive."
        case .unexpectedHappening(let expected, let received):
            "expected to receive \(expected), but "
                + (received.map { "the next happening is \($0)." } ?? "nothing more happened.")
        case .transcriptMismatch(let name, let path, let diff):
            "transcript '\(name)' differs from \(path) (- golden, + actual):\n\(diff)\n"
                + "If the change is intended, re-record it: \(Transcript.recordVariable)=1 swift test"
        case .transcriptRecorded(let name, let path):
            "transcript '\(name)' had no golden file; recorded it at \(path). Check it and re-run."
        case .transcriptNotWritten(let path, let reason):
            "could not write the golden file \(path): \(reason)"
        case .transcriptUnreadable(let path, let reason):
            "the golden file \(path) exists but could not be read (\(reason)); it was not overwritten."
        }
    }

    private func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.joined(separator: ", ")
    }
}
