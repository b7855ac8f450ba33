import Destinations

extension FlowHarness {
    /// Asserts a screen's state as a value rather than as text: its declared state equals
    /// `expected`. A mismatch is shown as a field diff, and the screen's state counts as
    /// asserted, as a step's block would.
    ///
    /// ```swift
    /// try await harness.send(.load, to: MeetingsList.self) { Self.meetingsTree }   // non-exhaustive
    /// harness.expect(MeetingsList.self, state: .init(meetings: ["Standup", "Retro"]))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the Destination; the focused screen if it shows one, else the
    ///     only visible one.
    ///   - id: The screen, when several visible screens show a `D`.
    ///   - expected: The state it should show.
    ///   - fileID: Where the call is written; leave the default.
    ///   - filePath: Where the call is written; leave the default.
    ///   - line: Where the call is written; leave the default.
    ///   - column: Where the call is written; leave the default.
    public func expect<D: StatefulDestination>(
        _ type: D.Type,
        id: ElementID? = nil,
        state expected: D.ScreenState,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) where D.Route == Route {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let resolved: (destination: D, label: String)
        do throws(HarnessError) {
            resolved = try resolve(type, id: id, route: nil)
        } catch {
            report(error, at: location)
            return
        }
        let (destination, label) = resolved
        let actual = destination.screenState
        if actual != expected {
            let diff = StateDiff.diff(
                expected: ScreenStateText.lines(of: expected).joined(separator: "\n"),
                actual: ScreenStateText.lines(of: actual).joined(separator: "\n"))
            report(failure(.stateMismatch(diff: diff ?? ""), destination: label), at: location)
        }
        if let screen = destination.id, let state = checkedScreenState(of: destination) {
            accountedScreens[screen] = state
        }
    }

    /// Asserts one property of a visible screen as a value: for a screen checked by its
    /// observable stored properties, or one field of a declared state.
    ///
    /// ```swift
    /// harness.expect(Thermostat.self, \.target, 21)
    /// ```
    public func expect<D: Destination, Value: Equatable>(
        _ type: D.Type,
        id: ElementID? = nil,
        _ keyPath: KeyPath<D, Value>,
        _ expected: Value,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) where D.Route == Route {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        do throws(HarnessError) {
            let (destination, label) = try resolve(type, id: id, route: nil)
            let actual = destination[keyPath: keyPath]
            guard actual != expected else { return }
            let diff = StateDiff.diff(
                expected: ScreenStateText.compact(expected), actual: ScreenStateText.compact(actual))
            report(failure(.stateMismatch(diff: diff ?? ""), destination: label), at: location)
        } catch {
            report(error, at: location)
        }
    }
}
