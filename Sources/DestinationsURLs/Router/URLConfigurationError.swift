public import Destinations

/// The problems that stopped a ``URLRouter`` from being built.
public struct URLConfigurationError: Error, Hashable, Sendable {
    /// Every problem found, in declaration order.
    public let problems: [URLConfigurationProblem]
    /// Creates the error.
    public init(problems: [URLConfigurationProblem]) {
        self.problems = problems
    }
}
