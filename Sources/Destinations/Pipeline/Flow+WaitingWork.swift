import Observation

extension Flow {
    /// One thing the flow is waiting on before a change can go on: an asynchronous guard's
    /// answer, or a link's resolution. See ``Flow/waitingWork``.
    public struct WaitingWork: Hashable, Sendable, CustomStringConvertible {
        /// What kind of answer the flow waits for.
        public enum Kind: String, Hashable, Sendable {
            /// An ``AsyncNavigationGuard``'s decision.
            case asyncGuard
            /// A request's ``ChangeRequest/Resolution``: what a link points to.
            case resolution
        }

        /// The wait's number, unique in its flow, rising.
        public let id: UInt64
        /// What is asked.
        public let kind: Kind
        /// The guard's or the resolution's name: never personal data.
        public let name: String
        /// The summary of the request that waits (``FlowEvent/Cause/summary``).
        public let cause: String
        /// When the wait began, on the flow's clock (``FlowConfiguration/now``).
        public let since: ContinuousClock.Instant

        /// `resolving lookup for link(…)`, `guard auth for event(…)`.
        public var description: String {
            "\(kind == .asyncGuard ? "guard" : "resolving") \(name) for \(cause)"
        }
    }

    /// What the flow waits on now, oldest first: the asynchronous guards and link resolutions
    /// that a change is waiting for. Empty when nothing waits.
    ///
    /// An item appears when the wait starts and leaves when it ends — answered, timed out,
    /// cancelled or superseded. Reading it tracks only this list, for an inspector or a
    /// "working…" indicator; a flow that never waits does no work for it.
    public var waitingWork: [WaitingWork] {
        registrar.access(self, keyPath: \.waitingWork)
        return waitingStorage
    }

    /// Adds a wait to ``waitingWork`` and returns it.
    func beginWaiting(_ kind: WaitingWork.Kind, name: String, cause: FlowEvent<Route>.Cause) -> WaitingWork {
        waitingSerial &+= 1
        let item = WaitingWork(
            id: waitingSerial, kind: kind, name: name, cause: cause.summary, since: configuration.now())
        registrar.withMutation(of: self, keyPath: \.waitingWork) { waitingStorage.append(item) }
        return item
    }

    /// Removes a wait from ``waitingWork``.
    func endWaiting(_ item: WaitingWork) {
        registrar.withMutation(of: self, keyPath: \.waitingWork) { waitingStorage.removeAll { $0.id == item.id } }
    }
}
