import DestinationsTesting

/// The seeded generator of random walks: the same seed gives the same inputs on every run.
typealias SeededRandom = WalkRandom
