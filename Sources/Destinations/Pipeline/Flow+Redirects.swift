// Performance: the push-back, select-tab and sheet figures and the event path (Benchmarks/README.md, "Figures").
extension Flow {
    /// Follows a guard's redirect, or keeps a resumed change waiting behind its redirect.
    @usableFromInline func redirected(
        _ request: ChangeRequest<Route>,
        guard name: String,
        to presentation: Presentation<Route>
    ) -> Result<ChangeOutcome<Route>, NavigationError> {
        if let resumed = request.resumption, resumed.guardName == name, !resumed.redirectScreens.isEmpty,
            resumed.redirectScreens.allSatisfy(index.contains)
        {
            // A resumed change the same guard redirects while its redirect still shows: it
            // keeps waiting behind that screen rather than stack a second one on it.
            var waiting = request
            waiting.dismissingFirst = nil
            makePending(waiting, reason: .redirected(guard: name), redirectScreens: resumed.redirectScreens)
            return .success(.redirected(guard: name))
        }
        return followRedirect(of: request, guard: name, to: presentation)
    }

    /// Applies a guard's redirect (itself judged, at most 4 in a row) with `request` already
    /// the pending change, so that the redirect's screens see it from their preparation on. A
    /// resumed change's redirect replaces the one it waited behind, in the same transaction.
    func followRedirect(
        of request: ChangeRequest<Route>,
        guard name: String,
        to presentation: Presentation<Route>
    ) -> Result<ChangeOutcome<Route>, NavigationError> {
        logger.log(.info, "\(name) redirected \(request.cause.summary) to \(presentation.name)")
        let previous = pendingChange
        var waiting = request
        waiting.dismissingFirst = nil
        let pending = makePending(waiting, reason: .redirected(guard: name), redirectScreens: [])
        var next = presentation
        for _ in 0..<4 {
            var redirect = ChangeRequest<Route>.presentation(next)
            if let modal = request.dismissingFirst, index.contains(modal) { redirect.dismissingFirst = modal }
            switch runOnce(redirect, judgedAsync: []) {
            case .outcome(let outcome):
                // Unless the redirect's own hooks dropped or replaced it.
                if pendingChange?.id == pending.id {
                    var screens: [ElementID] = []
                    if case .applied = outcome { screens = lastAdded }
                    pendingChange = pending.waiting(behind: screens)
                }
                return .success(.redirected(guard: name))
            case .redirect(_, let further):
                next = further
            case .refused(let error):
                if pendingChange?.id == pending.id { pendingChange = previous }
                return .failure(error)
            }
        }
        if pendingChange?.id == pending.id { pendingChange = previous }
        refuse(request.cause, .redirectLoop(count: 4))
        return .failure(.redirectLoop(count: 4))
    }
}
