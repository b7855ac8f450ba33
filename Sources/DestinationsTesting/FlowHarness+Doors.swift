import Destinations

extension FlowHarness {
    /// Opens a URL as the app's link handler does (``Flow/open(_:source:)``), through the flow's
    /// pipeline with the source's rules — the guards, the screens in the way, a redirect that
    /// keeps it pending — and checks the state after it.
    ///
    /// ```swift
    /// let harness = try FlowHarness(AppConfiguration.configuration(session: signedOut))
    /// let outcome = try await harness.open("https://shop.example.com/checkout", source: .external(.universalLink)) {
    ///     "… sign-in ◀"
    /// }
    /// #expect(outcome == .redirected(guard: "signedIn"))
    /// ```
    ///
    /// - Returns: What the flow did with the URL.
    /// - Throws: ``HarnessError`` with ``HarnessError/Problem/linkRefused(_:)`` when the flow
    ///   refused it.
    @discardableResult
    public func open(
        _ url: String,
        source: ChangeSource = .external(.unknown),
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) -> DeepLinkOutcome<Route>? {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        var outcome: DeepLinkOutcome<Route>?
        try await step(
            "open \(url) from \(source)", location: location, expected: expected,
            call: "open(\"\(url)\", source: .\(source))"
        ) {
            () throws(HarnessError) -> String? in
            do throws(DeepLinkError) {
                outcome = try flow.open(url, source: source)
            } catch {
                throw failure(.linkRefused(error), destination: nil)
            }
            return nil
        }
        return outcome
    }

    /// Resumes the flow's pending change as the app does once the user signed in
    /// (``Flow/resumePending()``), and checks the state after it.
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
