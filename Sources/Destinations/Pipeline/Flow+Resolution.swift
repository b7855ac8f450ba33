extension Flow {
    /// What a resolution answered, or why it did not.
    enum ResolutionAnswer: Sendable {
        case change(ChangeRequest<Route>.Change?)
        case failed(String)
    }

    /// Asks the request's resolution as tracked work and returns the change it answers; throws
    /// and reports the refusal when it times out, declines, fails or is superseded.
    func resolve(
        _ resolution: ChangeRequest<Route>.Resolution, for request: ChangeRequest<Route>, generation mine: Int
    ) async throws(NavigationError) -> ChangeRequest<Route>.Change {
        let timeout = configuration.asyncGuardTimeout
        // A timeout too long to sleep for means "never": no timer at all.
        let timer = timeout < .seconds(Int64(Int32.max)) ? timeout : nil
        let answer = FirstAnswer<ResolutionAnswer>()
        waitingAnswers.append(answer)
        defer { waitingAnswers.removeAll { $0 === answer } }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ResolutionAnswer?, Never>) in
                answer.continuation = continuation
                let worker = Task { @MainActor in
                    do {
                        answer.resolve(.change(try await resolution.resolve()))
                    } catch {
                        answer.resolve(.failed(String(describing: error)))
                    }
                }
                answer.worker = worker
                work.add(worker, owner: nil, route: nil, label: "resolving \(resolution.name)")
                if let timer {
                    answer.timer = Task { @MainActor in
                        await WorkTracker.sleep(scheduled: timer)
                        answer.resolve(nil)
                    }
                }
            }
        } onCancel: {
            Task { @MainActor in answer.resolve(nil) }
        }
        answer.worker?.cancel()
        answer.timer?.cancel()
        let refusal: NavigationError
        switch result {
        case _ where mine != generation || Task.isCancelled: refusal = .superseded
        case nil: refusal = .resolutionTimedOut(resolution.name)
        case .change(let change?)?: return change
        case .change(nil)?: refusal = .resolutionDeclined(resolution.name)
        case .failed(let reason)?: refusal = .resolutionFailed(resolution.name, reason: reason)
        }
        refuse(request.cause, refusal)
        throw refusal
    }
}
