import Foundation

extension FlowHarness {
    // MARK: - Assertions outside steps

    /// Waits for the work the Destinations track and checks the state after it: for an
    /// interactor whose result navigates. In the exhaustive mode, a change the work made must
    /// be given as the expectation.
    ///
    /// - Throws: ``HarnessError`` when the work does not finish within ``settleTimeout``.
    public func settle(
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        try await step("settle", location: location, expected: expected, checksBefore: false, call: "settle()") {
            () throws(HarnessError) -> String? in nil
        }
    }

    /// Asserts the state now, without a step: after the test changed the flow directly.
    public func expect(
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: () -> String
    ) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let screens = readScreenStates()
        let pending = PendingFacet(flow)
        verify(
            before: (accounted, accountedScreens), after: (flow.state, screens), pending: (accountedPending, pending),
            expected: expected(), destination: nil, location: location)
        accounted = flow.state
        accountedScreens = screens
        accountedPending = pending
    }

    /// Asserts that the state now equals `expected`, ids included.
    public func expect(
        _ expected: NavigationState<Route>,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if expected != flow.state {
            let diff = StateDiff.diff(expected: expected.rendered(), actual: flow.state.rendered()) ?? ""
            report(failure(.stateMismatch(diff: diff), destination: nil), at: location)
        }
        accounted = flow.state
    }

    /// Ends the test: waits for tracked work and, in the exhaustive mode, fails when the state
    /// changed since the last assertion; with ``happenings`` exhaustive, fails for each
    /// happening not received.
    ///
    /// - Throws: ``HarnessError`` when the work does not finish within ``settleTimeout``.
    public func finish(
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async throws(HarnessError) {
        try await settleWork()
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        checkAccounted(at: location)
        checkUnreceived(at: location)
    }

    // MARK: - Checking a step

    /// Compares the state after a step — the navigation state and the screen states — with
    /// the expectation, or, without one in the exhaustive mode, with the state before it.
    ///
    /// An expectation holds the tree, then a `state of <route>` block for each screen whose
    /// state it asserts. In the exhaustive mode it must hold a block for every screen whose
    /// state is new or changed; in the non-exhaustive mode only the blocks it holds are checked.
    ///
    /// Whether a screen's state changed is decided with `==` on the values; the printing is
    /// only how a change is shown. A change whose printing shows nothing (the value is not
    /// `==` to the one before, but prints the same) is reported on its own, with the values
    /// dumped, since no expectation could write it.
    ///
    /// The pending change is a facet too: in the exhaustive mode an expectation of a step that
    /// creates, replaces or drops it writes its `pending:` line after the tree (`pending: none`
    /// for a drop); in both modes an expectation that writes one has it checked.
    func verify(
        before: (state: NavigationState<Route>, screens: ScreenStates),
        after: (state: NavigationState<Route>, screens: ScreenStates),
        pending: (before: PendingFacet?, after: PendingFacet?),
        expected: String?,
        destination: String?,
        location: HarnessSourceLocation,
        left: [LeftScreen] = []
    ) {
        let changed = Self.changedScreens(from: before.screens, to: after.screens)
        let changedLeft = Self.changedLeft(left, from: before.screens)
        let pendingChange = PendingFacet.changedLine(from: pending.before, to: pending.after)
        let anyChange = before.state != after.state || !changed.isEmpty || !changedLeft.isEmpty || pendingChange != nil
        if let text = expected {
            for (id, diff) in Self.unprintedChanges(before: before.screens, after: after.screens, changed: changed) {
                let heading = Self.heading(of: id, in: after.state, states: after.screens, ids: true)
                report(
                    failure(.unprintedScreenChange(screen: heading, diff: diff), destination: destination), at: location
                )
            }
            verify(
                text, before: before, after: after, changed: changed, left: (left, changedLeft),
                pending: (pending.after, pendingChange), destination: destination, location: location)
        } else if exhaustivity == .exhaustive, anyChange {
            let diff = Self.changeDiff(
                before: before, after: after, changed: changed, pending: pending, left: changedLeft)
            report(failure(.unassertedChange(diff: diff), destination: destination), at: location)
        } else if anyChange {
            skip("the state after it", at: location)
        }
    }

    /// Compares the state after a step with an expectation written as text: the whole state
    /// (the tree, then blocks), or, when it starts with a block, only what changed.
    private func verify(
        _ text: String,
        before: (state: NavigationState<Route>, screens: ScreenStates),
        after: (state: NavigationState<Route>, screens: ScreenStates),
        changed: Set<ElementID>,
        left: (all: [LeftScreen], changed: [LeftScreen]),
        pending: (now: PendingFacet?, changedLine: String?),
        destination: String?,
        location: HarnessSourceLocation
    ) {
        // Without a tree, the expectation lists only what changed: the tree must not have.
        let first = StateDiff.lines(of: text).first ?? ""
        let onlyChanges = first.hasPrefix("state of ") || first.hasPrefix("pending: ")
        // The tree says whether ids are written; a heading writes them for twins anyway. Without
        // a tree, the headings say it. A pending line's ids (`push from #3`) say nothing of either.
        let tree = (text.components(separatedBy: "\nstate of ").first ?? text)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("pending: ") }
        let headingLines = StateDiff.lines(of: text).filter { $0.hasPrefix("state of ") }
        let ids = Self.mentionsIDs(onlyChanges ? headingLines.joined(separator: "\n") : tree.joined(separator: "\n"))
        let mentioned = Self.mentionedScreens(in: text, state: after.state, states: after.screens, ids: ids)
        let headings = Self.headings(in: text)
        let mentionedLeft = left.all.filter { headings.contains(Self.heading(of: $0, ids: ids)) }
        let exhaustive = exhaustivity == .exhaustive
        let shown = exhaustive ? changed.union(mentioned) : mentioned
        let shownLeftIDs = Set((exhaustive ? left.changed + mentionedLeft : mentionedLeft).map(\.id))
        let shownLeft = left.all.filter { shownLeftIDs.contains($0.id) }
        let pendingLine =
            PendingFacet.isMentioned(in: text)
            ? pending.now?.line ?? PendingFacet.noneLine : exhaustive ? pending.changedLine : nil
        if !exhaustive, pending.changedLine != nil, !PendingFacet.isMentioned(in: text) {
            skip("the pending change", at: location)
        }
        if !exhaustive {
            for id in changed.subtracting(mentioned).sorted() {
                skip(Self.heading(of: id, in: after.state, states: after.screens, ids: true), at: location)
            }
            for screen in left.changed where !shownLeftIDs.contains(screen.id) {
                skip(Self.heading(of: screen, ids: true), at: location)
            }
        }
        if onlyChanges, before.state != after.state {
            if exhaustive {
                let diff = StateDiff.diff(
                    expected: before.state.rendered(ids: ids), actual: after.state.rendered(ids: ids))
                report(failure(.stateMismatch(diff: diff ?? ""), destination: destination), at: location)
            } else {
                skip("the tree", at: location)
            }
        }
        let actual = Self.render(
            after.state, ids: ids, screens: shown, states: after.screens, pending: pendingLine, left: shownLeft,
            changesFrom: onlyChanges ? before.screens : nil)
        if let diff = StateDiff.diff(expected: text, actual: actual) {
            report(failure(.stateMismatch(diff: diff), destination: destination), at: location)
        }
    }

    /// The diff of an unasserted change: the state before (`-`) against the state after (`+`),
    /// with the blocks of the screens whose state changed.
    static func changeDiff(
        before: (state: NavigationState<Route>, screens: ScreenStates),
        after: (state: NavigationState<Route>, screens: ScreenStates),
        changed: Set<ElementID>,
        pending: (before: PendingFacet?, after: PendingFacet?),
        left: [LeftScreen] = []
    ) -> String {
        // The pending lines show when the pending change was created, replaced or dropped.
        let pendingChanged = pending.before != pending.after
        let old = render(
            before.state, ids: true, screens: changed, states: before.screens,
            pending: pendingChanged ? pending.before?.line ?? PendingFacet.noneLine : nil)
        let new = render(
            after.state, ids: true, screens: changed, states: after.screens,
            pending: pendingChanged ? pending.after?.line ?? PendingFacet.noneLine : nil, left: left)
        let diff = StateDiff.diff(expected: old, actual: new)
        // A change the printing does not show is shown by the values, dumped.
        let unprinted = unprintedChanges(before: before.screens, after: after.screens, changed: changed).map {
            id, dumped in
            heading(of: id, in: after.state, states: after.screens, ids: true)
                + " changed but prints as before (dumped):\n" + dumped
        }
        return ([diff].compactMap { $0 } + unprinted).joined(separator: "\n")
    }

    /// The screens of `changed` whose value changed but prints as before, each with the diff
    /// of the values dumped field by field.
    static func unprintedChanges(before: ScreenStates, after: ScreenStates, changed: Set<ElementID>) -> [(
        ElementID, String
    )] {
        changed.sorted().compactMap { id in
            guard let old = before[id]?.value, let new = after[id]?.value,
                ScreenStateText.lines(of: old) == ScreenStateText.lines(of: new)
            else { return nil }
            var oldDump = ""
            var newDump = ""
            dump(old, to: &oldDump)
            dump(new, to: &newDump)
            return (id, StateDiff.diff(expected: oldDump, actual: newDump) ?? "  (the dumps are the same too)")
        }
    }

    func checkAccounted(at location: HarnessSourceLocation) {
        let now = flow.state
        let screens = readScreenStates()
        let changed = Self.changedScreens(from: accountedScreens, to: screens)
        let pending = PendingFacet(flow)
        defer { accountedPending = pending }
        guard exhaustivity == .exhaustive, now != accounted || !changed.isEmpty || pending != accountedPending else {
            accounted = now
            accountedScreens = screens
            return
        }
        let diff = Self.changeDiff(
            before: (accounted, accountedScreens), after: (now, screens), changed: changed,
            pending: (accountedPending, pending))
        let error = HarnessError(
            step: stepCount,
            action: "after \(lastAction), outside the harness's steps",
            problem: .unassertedChange(diff: diff)
        )
        report(error, at: location)
        accounted = now
        accountedScreens = screens
    }

    /// Whether an expected rendering names element ids (`#3`), so that it is compared with
    /// the ids rendered.
    static func mentionsIDs(_ text: String) -> Bool {
        var previous: Character = " "
        for character in text {
            if previous == "#", character.isNumber { return true }
            previous = character
        }
        return false
    }
}
