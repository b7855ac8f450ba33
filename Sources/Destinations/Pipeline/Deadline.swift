/// An instant of the continuous clock, held as its distance from one fixed instant.
///
/// `ContinuousClock.Instant` is resilient: a value that holds one has a layout known only at
/// run time, so every copy of a request or an outcome that held it went through value
/// witnesses. `Duration` is fixed, so requests and pending changes hold their deadlines as one.
struct Deadline: Sendable {
    /// The instant every deadline counts from.
    private static let reference = ContinuousClock.now

    /// The distance from ``reference``.
    private let offset: Duration

    /// The deadline at `instant`.
    init(_ instant: ContinuousClock.Instant) {
        offset = Self.reference.duration(to: instant)
    }

    /// The instant it stands for, exactly as given.
    var instant: ContinuousClock.Instant {
        Self.reference.advanced(by: offset)
    }
}
