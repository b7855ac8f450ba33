extension RandomWalk {
    /// The shortest list of steps found that still breaks the same invariant, by delta
    /// debugging: remove ever smaller chunks of the steps, keep any removal that still fails
    /// when replayed on a fresh flow, then try removing each remaining step alone.
    ///
    /// Each candidate is replayed from the start; steps whose screen is no longer there are
    /// skipped. At most ``shrinkBudget`` replays run.
    func shrink(
        _ steps: [WalkStep],
        failingWith violation: WalkViolation
    ) async -> (steps: [WalkStep], violation: WalkViolation, state: String) {
        var budget = shrinkBudget
        var best: (steps: [WalkStep], violation: WalkViolation, state: String) = (steps, violation, "")
        let invariant = violation.invariant

        /// Replays a candidate; when it breaks the same invariant, returns the steps that ran up
        /// to the violation.
        func fails(_ candidate: [WalkStep]) async -> (steps: [WalkStep], violation: WalkViolation, state: String)? {
            guard budget > 0 else { return nil }
            budget -= 1
            let result = await replay(candidate)
            guard let found = result.violation, found.invariant == invariant else { return nil }
            return (result.steps, found, result.state)
        }

        if let first = await fails(steps) { best = first }
        var granularity = 2
        while best.steps.count >= 2, budget > 0 {
            let current = best.steps
            let size = max(1, current.count / granularity)
            var reduced = false
            var start = 0
            while start < current.count {
                let end = min(current.count, start + size)
                var complement = Array(current[..<start])
                complement += current[end...]
                if let smaller = await fails(complement), smaller.steps.count < current.count {
                    best = smaller
                    reduced = true
                    break
                }
                start = end
            }
            if reduced {
                granularity = max(granularity - 1, 2)
            } else if size == 1 {
                break
            } else {
                granularity = min(granularity * 2, current.count)
            }
        }
        var index = 0
        while index < best.steps.count, budget > 0 {
            var candidate = best.steps
            candidate.remove(at: index)
            if let smaller = await fails(candidate), smaller.steps.count < best.steps.count {
                best = smaller
            } else {
                index += 1
            }
        }
        if best.state.isEmpty, let replayed = await fails(best.steps) { best = replayed }
        return best
    }
}
