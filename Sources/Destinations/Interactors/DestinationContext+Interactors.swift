extension DestinationContext {
    /// Asks an interactor directly and waits for its answer: for a state model that prefers
    /// `await` to configured events.
    ///
    /// ```swift
    /// if let result = await context.perform(.init(action: .retrieve), on: datasource) {
    ///     notes = (try? result.get()) ?? []
    /// }
    /// ```
    ///
    /// - Returns: The interactor's result, or `nil` when the Destination was removed (or the
    ///   calling task cancelled) before it answered: a late result never reaches a removed
    ///   Destination, and an interactor that never answers does not keep the caller waiting
    ///   past the removal.
    public func perform<I: Interactor>(_ request: I.Request, on interactor: I) async -> Result<I.Success, I.Failure>? {
        await preparation?.value
        let result = await untilRemoved { await interactor.perform(request: request) }
        if let result { record(.result, source: "\(I.self)", value: result) }
        return result
    }

    /// Tells a test harness recording the flow (``Flow/happeningRecorder``) what happened.
    func record(_ kind: FlowHappening.Kind, source: String, value: any Sendable) {
        guard let recorder = flow?.happeningRecorder else { return }
        recorder(FlowHappening(kind, screen: id, source: source, value: value))
    }

    /// Stops every stream this Destination started. Values already on their way are dropped,
    /// and no longer hold a settle.
    public func stopStreams() {
        let running = streams
        streams.removeAll()
        for (token, task) in running {
            let stop = cancellations.removeValue(forKey: token)
            stop?()
            task.cancel()
        }
    }

    /// Whether any of this Destination's streams is running.
    public var hasRunningStreams: Bool { !streams.isEmpty }

    /// Starts iterating a stream, delivering each value on the main actor until the stream
    /// ends, ``stopStreams()`` is called or the Destination is removed.
    ///
    /// Starting the stream (waiting for the interactors' preparation, then asking for the
    /// stream) is tracked work, so ``Flow/settle(timeout:)`` waits until the stream has started.
    /// Iterating it is not, since a live stream may never end; but the values of a
    /// ``TrackedStream`` count from the moment they are produced until they are delivered, and
    /// a producer a test clock woke counts until it sleeps again, so a settle waits for them;
    /// a ``TrackedStream``'s end counts too, until the stream is seen to stop.
    /// A stream never starts for a Destination that was removed meanwhile.
    func startStream<S: StreamInteractor>(
        _ interactor: S,
        request: S.StreamRequest,
        deliver: @escaping @MainActor @Sendable (S.Element) -> Void
    ) {
        guard !isRemoved else { return }
        let token = nextCancellation
        nextCancellation += 1
        let run = StreamRun(tracker: tracker, owner: id, route: route?.name, label: "stream \(S.self)")
        let producer = PendingCount()
        run.count(producer, as: "its producer, woken by the clock")
        cancellations[token] = { run.stop() }
        let startup = track(label: "start stream \(S.self)", waitsForPreparation: true) { [weak self] in
            guard !Task.isCancelled, let context = self, !context.isRemoved, context.streams[token] != nil else {
                return
            }
            // Asking for the stream ends with the Destination's removal, even if the interactor
            // never answers. Tasks the interactor starts meanwhile know their stream's producer.
            guard
                let values = await context.untilRemoved({
                    await SleepAccounting.$account.withValue(producer) { await interactor.values(for: request) }
                }),
                !Task.isCancelled, !context.isRemoved, context.streams[token] != nil
            else { return }
            context.iterate(values, source: "\(S.self)", token: token, run: run, deliver: deliver)
        }
        run.task = startup
        streams[token] = startup
    }

    /// Iterates a started stream as untracked work.
    private func iterate<Values: AsyncSequence & Sendable>(
        _ values: Values,
        source: String,
        token: Int,
        run: StreamRun,
        deliver: @escaping @MainActor @Sendable (Values.Element) -> Void
    ) where Values.Element: Sendable {
        let delivered = (values as? TrackedStream<Values.Element>)?.pending
        if let delivered { run.count(delivered, as: "values produced, not yet delivered") }
        let task = Task { @MainActor [weak self] in
            do {
                for try await value in values {
                    guard let self, !Task.isCancelled, !self.isRemoved else { return }
                    self.record(.value, source: source, value: value)
                    deliver(value)
                    delivered?.decrement()
                    self.tracker?.resumeIfIdle()
                }
            } catch {
                // A sequence that throws ends the stream.
            }
            guard let self, self.streams[token] != nil else { return }
            // Stopped before the run stops counting its end, so that a settle the end releases
            // finds the stream gone.
            self.streams[token] = nil
            self.removeCancellation(token)
            run.stop()
        }
        run.task = task
        streams[token] = task
    }
}

/// One running stream: its task and the pending counts a settle waits for while it runs.
@MainActor
final class StreamRun {
    private weak var tracker: WorkTracker?
    private let owner: ElementID?
    private let route: String?
    private let label: String
    private var sources: [Int] = []
    var task: Task<Void, Never>?

    init(tracker: WorkTracker?, owner: ElementID?, route: String?, label: String) {
        self.tracker = tracker
        self.owner = owner
        self.route = route
        self.label = label
    }

    /// Holds a settle while `count` is not zero.
    func count(_ count: PendingCount, as what: String) {
        guard let tracker else { return }
        sources.append(tracker.addSource(count, owner: owner, route: route, label: "\(label): \(what)"))
    }

    /// Cancels the stream and stops counting its pending work.
    func stop() {
        task?.cancel()
        let keys = sources
        sources = []
        for key in keys { tracker?.removeSource(key) }
    }
}
