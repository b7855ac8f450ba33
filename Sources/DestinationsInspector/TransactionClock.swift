#if DEBUG || InspectorInRelease
import Destinations
import Foundation

/// How long one transaction took, as the inspector shows it.
struct TransactionTiming: Equatable {
    /// From the moment the change could no longer be refused until its event reached the
    /// client: tearing down, lifecycle hooks, observers, and the hop to the client.
    var commitMicros: Int
    /// From the flow's guards' turn until the change was announced: the providers building
    /// the new screens' Destinations. Nil when the flow did not ask the client's guard.
    var buildMicros: Int?
}

/// Times a flow's transactions from outside the flow: a guard that always allows marks when
/// the flow judges a change (just before it builds the new screens), ``Flow/observeChanges(_:)``
/// marks when the change is announced (built, about to commit), and the event's arrival ends
/// the commit. Each mark is matched to its event by the change's cause, in order.
@MainActor
final class TransactionClock<Route: NavigationRoute> {
    private var judgedAt: ContinuousClock.Instant?
    private var announced: [(cause: FlowEvent<Route>.Cause, at: ContinuousClock.Instant, build: Duration?)] = []
    private var observation: FlowChangeObservation?

    /// The guard's name in the flow's `guards`.
    static var guardName: String { "inspector timing" }

    /// Starts timing the flow's transactions.
    func start(_ flow: Flow<Route>) {
        guard observation == nil else { return }
        installTimingGuard(on: flow)
        observation = flow.observeChanges { [weak self] cause in self?.announce(cause) }
    }

    /// Stops timing and takes the guard away.
    func stop(_ flow: Flow<Route>) {
        observation?.cancel()
        observation = nil
        flow.guards.removeAll { $0.name == Self.guardName }
    }

    /// The one place the client adds to the flow's guards (an always-allowing guard that only
    /// notes the time), so that a change to how guards are installed is made here alone.
    private func installTimingGuard(on flow: Flow<Route>) {
        flow.guards.removeAll { $0.name == Self.guardName }
        flow.guards.append(
            NavigationGuard(Self.guardName) { [weak self] _ in
                self?.judgedAt = .now
                return .allow
            })
    }

    private func announce(_ cause: FlowEvent<Route>.Cause) {
        let now = ContinuousClock.now
        let build = judgedAt.map { now - $0 }
        judgedAt = nil
        announced.append((cause, now, build))
        if announced.count > 64 { announced.removeFirst(announced.count - 64) }
    }

    /// The timing of an event that just arrived; nil for a refusal or a change it did not see.
    func timing(of event: FlowEvent<Route>, at now: ContinuousClock.Instant = .now) -> TransactionTiming? {
        guard event.refusal == nil, let index = announced.firstIndex(where: { $0.cause == event.cause }) else {
            return nil
        }
        let mark = announced[index]
        announced.removeFirst(index + 1)
        return TransactionTiming(commitMicros: Self.micros(now - mark.at), buildMicros: mark.build.map(Self.micros))
    }

    static func micros(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(clamping: seconds) &* 1_000_000 &+ Int(attoseconds / 1_000_000_000_000))
    }
}
#endif
