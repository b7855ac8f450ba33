import Destinations

extension FlowHarness {
    /// Performs a change request through the flow's pipeline (``/Destinations/Flow/perform(_:)``) as the
    /// app's own door does — a link the URL module read, a notification, a shortcut — with the
    /// source's rules: the guards, the screens in the way, a redirect that keeps it pending.
    /// Then checks the state after it.
    ///
    /// ```swift
    /// let harness = try FlowHarness(AppConfiguration.configuration(session: signedOut))
    /// let link = try AppURLs.router.request(for: "https://shop.example.com/checkout", scene: "main", source: .external(.universalLink))
    /// let outcome = try await harness.perform(link) {
    ///     "… sign-in ◀"
    /// }
    /// #expect(outcome == .redirected(guard: "signedIn"))
    /// ```
    ///
    /// - Returns: What the flow did with the request.
    /// - Throws: ``HarnessError`` with ``HarnessError/Problem/refused(_:)`` when the flow
    ///   refused it.
    @discardableResult
    public func perform(
        _ request: ChangeRequest<Route>,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) -> ChangeOutcome<Route>? {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        var outcome: ChangeOutcome<Route>?
        try await step(
            "perform \(request.cause) from \(request.source)", location: location, expected: expected,
            call: "perform(/* \(request.cause) */)"
        ) {
            () throws(HarnessError) -> String? in
            do throws(NavigationError) {
                outcome = try flow.perform(request)
            } catch {
                throw failure(.refused(error), destination: nil)
            }
            return nil
        }
        return outcome
    }

    /// Performs a change request that may wait — for its ``/Destinations/ChangeRequest/resolution`` (a link
    /// that asks its server first) or for asynchronous guards — through
    /// ``/Destinations/Flow/performAwaitingGuards(_:)``. The step waits for it, as for the work it starts,
    /// then checks the state after it.
    ///
    /// ```swift
    /// let link = try router.request(for: "https://social.example/@alice/1", scene: "main", source: .external(.universalLink))
    /// try await harness.performAwaiting(link) {
    ///     "… status ◀"
    /// }
    /// ```
    ///
    /// - Returns: What the flow did with the request.
    /// - Throws: ``HarnessError`` with ``HarnessError/Problem/refused(_:)`` when the flow
    ///   refused it: a resolution that declined, failed or timed out, a guard's denial.
    @discardableResult
    public func performAwaiting(
        _ request: ChangeRequest<Route>,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) -> ChangeOutcome<Route>? {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        var outcome: ChangeOutcome<Route>?
        try await step(
            "perform \(request.cause) from \(request.source), awaiting", location: location, expected: expected,
            call: "performAwaiting(/* \(request.cause) */)"
        ) {
            () async throws(HarnessError) -> String? in
            do throws(NavigationError) {
                outcome = try await flow.performAwaitingGuards(request)
            } catch {
                throw failure(.refused(error), destination: nil)
            }
            return nil
        }
        return outcome
    }

    /// Resumes the flow's pending change as the app does once the user signed in
    /// (``/Destinations/Flow/resumePending()``), and checks the state after it.
    ///
    /// - Returns: What the flow did, or `nil` when nothing was pending.
    /// - Throws: ``HarnessError`` with ``HarnessError/Problem/refused(_:)`` when the flow
    ///   refused it (it expired, a guard denies it now).
    @discardableResult
    public func resumePending(
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) -> ChangeOutcome<Route>? {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        var outcome: ChangeOutcome<Route>?
        try await step("resume the pending change", location: location, expected: expected, call: "resumePending()") {
            () throws(HarnessError) -> String? in
            do throws(NavigationError) {
                outcome = try flow.resumePending()
            } catch {
                throw failure(.refused(error), destination: nil)
            }
            return nil
        }
        return outcome
    }
}
