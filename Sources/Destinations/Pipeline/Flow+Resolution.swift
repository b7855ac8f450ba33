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
        let result = await firstAnswer(
            .resolution, name: resolution.name, cause: request.cause,
            timeout: configuration.asyncGuardTimeout,
            track: { work.add($0, owner: nil, route: nil, label: "resolving \(resolution.name)") }
        ) { () -> ResolutionAnswer in
            do {
                return .change(try await resolution.resolve())
            } catch {
                return .failed(String(describing: error))
            }
        }
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
