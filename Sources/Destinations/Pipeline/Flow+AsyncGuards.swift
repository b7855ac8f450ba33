extension Flow {
    /// Takes a request through the pipeline after the asynchronous guards watching the routes
    /// it adds have allowed it; a request no asynchronous guard watches does not wait.
    ///
    /// - Each guard gets ``FlowConfiguration/asyncGuardTimeout``; one that does not answer
    ///   refuses the request with ``NavigationError/guardTimedOut(guard:)``.
    /// - The newest request wins: one from an external or trusted source, or another awaiting
    ///   request, made while this one waits makes it throw ``NavigationError/superseded``.
    /// - A denial throws ``NavigationError/guardDenied(guard:route:reason:)``; a redirect is
    ///   applied and the request waits as the ``pendingChange``.
    /// - A request with a ``ChangeRequest/resolution`` asks it first, as tracked work
    ///   (``pendingWork``, ``settle(timeout:)``) with the same timeout and the same newest-wins
    ///   rule; its answer is the change the guards then judge.
    /// - When every guard allows, the request is planned again against the state as it is
    ///   then (routes it adds that no guard has judged yet are asked about too) and performed
    ///   with ``perform(_:)``, in the same main-actor turn as the last check.
    ///
    /// Whenever it throws, the state is as the guards found it.
    @discardableResult
    public func performAwaitingGuards(_ request: ChangeRequest<Route>) async throws(NavigationError) -> ChangeOutcome<
        Route
    > {
        try await performAwaitingGuards(request) { _ in true }
    }

    /// ``performAwaitingGuards(_:)``, telling `proceeds` the state the request is about to be
    /// performed or redirected from, in the same main-actor turn; `false` refuses it as
    /// ``NavigationError/superseded`` (the window it was meant for went away).
    func performAwaitingGuards(
        _ request: ChangeRequest<Route>,
        proceeds: (NavigationState<Route>) -> Bool
    ) async throws(NavigationError) -> ChangeOutcome<Route> {
        supersedeWaiting()
        let mine = generation
        var request = request
        if let resolution = request.resolution {
            request.change = try await resolve(resolution, for: request, generation: mine)
            request.resolution = nil
        }
        var judged: [Route] = []
        for _ in 0..<4 {
            let plan: ChangePlan<Route>
            do throws(NavigationError) {
                plan = try self.plan(request)
            } catch {
                refuse(request.cause, error)
                throw error
            }
            let added = plan.changes.added.compactMap(\.route)
            let unjudged = added.filter { !judged.contains($0) }
            let rules = configuration.asyncGuards.filter { rule in unjudged.contains(where: rule.watches) }
            guard !rules.isEmpty else {
                guard proceeds(storage) else {
                    refuse(request.cause, .superseded)
                    throw .superseded
                }
                return try perform(request, judgedAsync: judged)
            }
            let change = NavigationGuard<Route>.Change(
                cause: request.cause, added: added, removed: plan.changes.removed.compactMap(\.route),
                current: plan.current, proposed: plan.proposed, environment: configuration.environment)
            for rule in rules {
                let decision = await decide(rule, change, timeout: configuration.asyncGuardTimeout)
                let refusal: NavigationError?
                switch decision {
                case _ where mine != generation || Task.isCancelled:
                    refusal = .superseded
                case nil:
                    refusal = .guardTimedOut(guard: rule.name)
                case .allow?:
                    refusal = nil
                case .deny(let reason)?:
                    refusal = .guardDenied(guard: rule.name, route: added.first?.name, reason: reason)
                case .redirect(let presentation)?:
                    guard proceeds(storage) else {
                        refuse(request.cause, .superseded)
                        throw .superseded
                    }
                    let result = followRedirect(of: request, guard: rule.name, to: presentation)
                    drainQueue()
                    return try result.get()
                }
                if let refusal {
                    refuse(request.cause, refusal)
                    throw refusal
                }
            }
            judged += unjudged
        }
        refuse(request.cause, .superseded)
        throw .superseded
    }

    /// The guard's answer, or `nil` when it did not answer within `timeout`.
    func decide(
        _ rule: AsyncNavigationGuard<Route>,
        _ change: NavigationGuard<Route>.Change,
        timeout: Duration
    ) async -> NavigationGuard<Route>.Decision? {
        await firstAnswer(.asyncGuard, name: rule.name, cause: change.cause, timeout: timeout) {
            await rule.check(change)
        }
    }

    /// What `ask` answers, or `nil` when the timer — a sleep of `timeout` on the
    /// configuration's clock, no polling — ran out first, the waiting task was cancelled, or a
    /// newer request superseded it (``supersedeWaiting()``). The guard's and the resolution's
    /// one wait: `track` sees the task that asks, for the work accounting; ``waitingWork``
    /// lists it, as `kind` `name` for `cause`, while it waits.
    func firstAnswer<Value: Sendable>(
        _ kind: WaitingWork.Kind,
        name: String,
        cause: FlowEvent<Route>.Cause,
        timeout: Duration,
        track: (Task<Void, Never>) -> Void = { _ in },
        _ ask: @escaping @MainActor () async -> Value
    ) async -> Value? {
        // A timeout too long to sleep for means "never": no timer at all.
        let timer = timeout < .seconds(Int64(Int32.max)) ? timeout : nil
        let answer = FirstAnswer<Value>()
        waitingAnswers.append(answer)
        let waiting = beginWaiting(kind, name: name, cause: cause)
        defer {
            waitingAnswers.removeAll { $0 === answer }
            endWaiting(waiting)
        }
        let value = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                answer.continuation = continuation
                let worker = Task { @MainActor in answer.resolve(await ask()) }
                answer.worker = worker
                track(worker)
                if let timer {
                    // Timed on the flow's clock: a test's manual clock fires it when the test
                    // moves time past it. A cancelled sleep (the answer came first) resolves
                    // nothing.
                    let clock = configuration.clock
                    answer.timer = Task { @MainActor in
                        guard (try? await clock.sleep(for: timer)) != nil else { return }
                        answer.resolve(nil)
                    }
                }
            }
        } onCancel: {
            Task { @MainActor in answer.resolve(nil) }
        }
        answer.worker?.cancel()
        answer.timer?.cancel()
        return value
    }
}

/// An answer a newer request stops waiting for.
@MainActor
protocol AbandonableAnswer: AnyObject {
    /// Resolves the answer with none.
    func abandon()
}

/// The first of two answers: the guard's (or the resolution's), or the timer's.
@MainActor
final class FirstAnswer<Value: Sendable>: AbandonableAnswer {
    func abandon() { resolve(nil) }

    var continuation: CheckedContinuation<Value?, Never>?
    var worker: Task<Void, Never>?
    var timer: Task<Void, Never>?

    func resolve(_ value: Value?) {
        continuation?.resume(returning: value)
        continuation = nil
    }
}
