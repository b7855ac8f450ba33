/// Where an advance of a test clock stops to check the state, with
/// ``FlowHarness/advance(_:by:stoppingAt:fileID:filePath:line:column:_:)``.
public enum ClockStops: Hashable, Sendable {
    /// After every `interval` of time, and at the end when the duration is not a multiple of
    /// it: a timer's every tick.
    case every(Duration)
    /// At each deadline a task sleeping on the clock waits for, in deadline order, including
    /// sleeps that start while the advance goes on; the time after the last one passes without
    /// a stop.
    case eachWake
}

extension FlowHarness {
    /// Advances a test clock by `duration` in stops, and checks the state after each: one step
    /// per stop, which waits for what the wakes did (the ticks delivered, the requests they
    /// started) and compares the state with the expectation for the time the clock shows then.
    ///
    /// ```swift
    /// try await harness.advance(clock, by: .seconds(3), stoppingAt: .every(.seconds(1))) { now in
    ///     """
    ///     stack
    ///       record(id: 1) ◀
    ///     state of record(id: 1)
    ///       secondsElapsed: \(now.offset.components.seconds)
    ///     """
    /// }
    /// ```
    ///
    /// A state that is right at the end but wrong on the way (a tick that counted twice, then
    /// once less) fails at the stop where it was wrong, with that stop's time in the step's name.
    ///
    /// - Parameters:
    ///   - clock: The test clock the flow's interactors sleep on.
    ///   - duration: How far to move it; not negative.
    ///   - stops: Where to stop and check.
    ///   - fileID: Where the call is written; leave the default.
    ///   - filePath: Where the call is written; leave the default.
    ///   - line: Where the call is written; leave the default.
    ///   - column: Where the call is written; leave the default.
    ///   - expected: The state at each stop, given the clock's time then.
    /// - Throws: ``HarnessError`` when the work does not finish within ``settleTimeout`` at a
    ///   stop.
    public func advance(
        _ clock: ManualClock,
        by duration: Duration,
        stoppingAt stops: ClockStops,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: @escaping (ManualClock.Instant) -> String
    ) async throws(HarnessError) {
        precondition(duration >= .zero, "a clock cannot go back")
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let target = clock.now.advanced(by: duration)
        while let stop = Self.nextStop(of: clock, at: stops, before: target) {
            let call = "advance(<#clock#>, to: \(stop))"
            try await step("advance the clock to \(stop)", location: location, expected: { expected(stop) }, call: call)
            {
                () throws(HarnessError) -> String? in
                clock.advance(to: stop)
                return nil
            }
        }
        // Nothing sleeps until the target any more: the rest of the time passes without a wake.
        clock.advance(to: target)
    }

    /// The next stop of an advance to `target`, or `nil` when there is none left.
    static func nextStop(of clock: ManualClock, at stops: ClockStops, before target: ManualClock.Instant)
        -> ManualClock.Instant?
    {
        let now = clock.now
        guard now < target else { return nil }
        switch stops {
        case .every(let interval):
            precondition(interval > .zero, "a clock stops after a positive interval")
            return min(now.advanced(by: interval), target)
        case .eachWake:
            guard let deadline = clock.nextDeadline, deadline <= target else { return nil }
            return max(deadline, now)
        }
    }
}
