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
        try await step("settle", location: location, expected: expected, checksBefore: false) {
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
        verify(before: accounted, after: flow.state, expected: expected(), destination: nil, location: location)
        accounted = flow.state
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
    /// changed since the last assertion.
    ///
    /// - Throws: ``HarnessError`` when the work does not finish within ``settleTimeout``.
    public func finish(
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async throws(HarnessError) {
        try await settleWork()
        checkAccounted(at: HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    // MARK: - Checking a step

    /// Compares the state after a step with the expectation, or, without one in the
    /// exhaustive mode, with the state before it.
    func verify(
        before: NavigationState<Route>,
        after: NavigationState<Route>,
        expected: String?,
        destination: String?,
        location: HarnessSourceLocation
    ) {
        if let text = expected {
            let ids = Self.mentionsIDs(text)
            if let diff = StateDiff.diff(expected: text, actual: after.rendered(ids: ids)) {
                report(failure(.stateMismatch(diff: diff), destination: destination), at: location)
            }
        } else if exhaustivity == .exhaustive, before != after {
            let diff = StateDiff.diff(expected: before.rendered(), actual: after.rendered()) ?? ""
            report(failure(.unassertedChange(diff: diff), destination: destination), at: location)
        }
    }

    func checkAccounted(at location: HarnessSourceLocation) {
        let now = flow.state
        guard exhaustivity == .exhaustive, now != accounted else {
            accounted = now
            return
        }
        let diff = StateDiff.diff(expected: accounted.rendered(), actual: now.rendered()) ?? ""
        let error = HarnessError(
            step: stepCount,
            action: "after \(lastAction), outside the harness's steps",
            problem: .unassertedChange(diff: diff)
        )
        report(error, at: location)
        accounted = now
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
