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
        return await untilRemoved { await interactor.perform(request: request) }
    }

    /// Stops every stream this Destination started. Values already on their way are dropped.
    public func stopStreams() {
        let running = streams
        streams.removeAll()
        for (token, task) in running {
            task.cancel()
            removeCancellation(token)
        }
    }

    /// Whether any of this Destination's streams is running.
    public var hasRunningStreams: Bool { !streams.isEmpty }

    /// Starts iterating a stream, delivering each value on the main actor until the stream
    /// ends, ``stopStreams()`` is called or the Destination is removed.
    ///
    /// Starting the stream (waiting for the interactors' preparation, then asking for the
    /// stream) is tracked work, so ``Flow/settle(timeout:)`` waits until the stream has started;
    /// iterating it is not, since a live stream may never end. A stream never starts for a
    /// Destination that was removed meanwhile.
    func startStream<S: StreamInteractor>(
        _ interactor: S,
        request: S.Request,
        deliver: @escaping @MainActor @Sendable (S.Element) -> Void
    ) {
        guard !isRemoved else { return }
        let token = nextCancellation
        nextCancellation += 1
        let startup = track(label: "start stream \(S.self)", waitsForPreparation: true) { [weak self] in
            guard !Task.isCancelled, let context = self, !context.isRemoved, context.streams[token] != nil else { return }
            // Asking for the stream ends with the Destination's removal, even if the interactor
            // never answers.
            guard let values = await context.untilRemoved({ await interactor.values(for: request) }),
                !Task.isCancelled, !context.isRemoved, context.streams[token] != nil
            else { return }
            context.iterate(values, token: token, deliver: deliver)
        }
        streams[token] = startup
    }

    /// Iterates a started stream as untracked work.
    private func iterate<Element: Sendable>(
        _ values: AsyncStream<Element>,
        token: Int,
        deliver: @escaping @MainActor @Sendable (Element) -> Void
    ) {
        let task = Task { @MainActor [weak self] in
            for await value in values {
                guard let self, !Task.isCancelled, !self.isRemoved else { return }
                deliver(value)
            }
            self?.streams[token] = nil
            self?.removeCancellation(token)
        }
        cancellations[token] = { task.cancel() }
        streams[token] = task
    }
}
