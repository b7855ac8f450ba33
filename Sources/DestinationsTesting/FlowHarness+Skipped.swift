extension FlowHarness {
    /// Lists what a check left unchecked in ``skipped``, and prints it when ``showsSkipped`` is
    /// set.
    func skip(_ what: String, at location: HarnessSourceLocation) {
        let entry = "step \(stepCount) (\(lastAction)): \(what)"
        skipped.append(entry)
        if showsSkipped { print("\(location): skipped \(entry)") }
    }
}
