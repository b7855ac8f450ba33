/// What the end of a test checks: the work still running then, and the work the test declared
/// may go on.
struct EndOfTest {
    /// Each step's action and where it was written, by step number: where work started.
    var steps: [Int: (action: String, location: HarnessSourceLocation)] = [:]
    /// Descriptions of work that may still run at the end; `nil` allows any.
    var allowed: [String?] = []
    /// Whether the test was checked already.
    var isChecked = false

    /// Whether `work` may still run at the end.
    func allows(_ work: PendingWork) -> Bool {
        allowed.contains { fragment in fragment.map { "\(work)".contains($0) } ?? true }
    }
}

extension FlowHarness {
    /// Declares that work may still run when the test ends: a timer the app keeps for the
    /// screen's life, a stream that never ends by design. Without it, work still running when
    /// the harness goes away at the end of the test fails the test.
    ///
    /// ```swift
    /// harness.allowRunningWork(matching: "stream SpeechRecognizer")
    /// ```
    ///
    /// - Parameter description: Text the work's description contains (its Destination, route,
    ///   request or stream, as a settle timeout names it); `nil` allows any work.
    public func allowRunningWork(matching description: String? = nil) {
        endOfTest.allowed.append(description)
    }

    /// Notes that the step starting now is where work started from now on began.
    func beginStep(_ action: String, at location: HarnessSourceLocation) {
        endOfTest.steps[stepCount] = (action, location)
        flow.workOrigin = stepCount
    }

    /// Fails the test for each piece of work still running — a request asleep on a test clock,
    /// a stream that has not ended — unless the test declared it may go on
    /// (``allowRunningWork(matching:)``); each failure names the work and the step it started
    /// in, at that step's line. Runs once, when the harness goes away.
    func checkRunningWork() {
        guard !endOfTest.isChecked else { return }
        endOfTest.isChecked = true
        for (work, origin) in flow.runningWork where !endOfTest.allows(work) {
            let step = origin.flatMap { endOfTest.steps[$0] }
            let started = step.map { "step \(origin ?? 0) (\($0.action)) at \($0.location)" } ?? "the harness's start"
            let message = """
                work still running at the end of the test: \(work)
                  started in \(started)
                  end it (dismiss its screen, stop its stream, advance the clock past its sleep) or \
                declare that it may go on with allowRunningWork(matching:)
                """
            let first = endOfTest.steps.min { $0.key < $1.key }?.value.location
            reporter.report(message, at: step?.location ?? first ?? HarnessSourceLocation())
        }
    }
}
