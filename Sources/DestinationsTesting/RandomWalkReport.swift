/// One step of a ``RandomWalk``, as it can be replayed on a fresh flow.
public struct WalkStep: Hashable, Sendable, CustomStringConvertible {
    /// What the step does.
    public enum Action: Hashable, Sendable, CustomStringConvertible {
        /// Send the configured event named `event` to the `occurrence`-th visible screen (from
        /// 0, in display order) whose route is named `route`.
        case event(String, route: String, occurrence: Int)
        /// Make a gesture.
        case gesture(UserGesture)

        /// The action as written in a failure: `send select to notes`, `swipeBack`.
        public var description: String {
            switch self {
            case .event(let event, let route, let occurrence):
                "send \(event) to \(route)\(occurrence > 0 ? " (visible #\(occurrence + 1))" : "")"
            case .gesture(let gesture):
                "\(gesture)"
            }
        }
    }

    /// What the step does.
    public let action: Action
    /// The seed of the content generator's random numbers for this step.
    public let contentSeed: UInt64
    /// The content the step sent, described, when it sent some.
    public let content: String?

    /// Creates a step.
    public init(action: Action, contentSeed: UInt64, content: String? = nil) {
        self.action = action
        self.contentSeed = contentSeed
        self.content = content
    }

    /// The step as written in a failure.
    public var description: String {
        action.description + (content.map { " with \($0)" } ?? "")
    }
}

/// An invariant a step of a ``RandomWalk`` broke.
public enum WalkViolation: Hashable, Sendable, CustomStringConvertible {
    /// The flow could not start.
    case startFailed(NavigationError)
    /// The live Destinations are not the screens in the state: these screens have none, these
    /// ids have one but are not screens in the state.
    case destinationsMismatch(missing: [String], extra: [String])
    /// These screens' Destinations do not know whether they are visible: `isVisible` is wrong.
    case visibilityMismatch([String])
    /// These removed screens' Destinations were not released: something still holds them.
    case notReleased([String])
    /// The flow refused the step but its state changed anyway.
    case refusalChangedState(NavigationError, diff: String)
    /// The state did not survive a JSON round trip.
    case roundTripFailed(reason: String)
    /// The decoded state differs from the original.
    case roundTripDiffers(diff: String)
    /// Restoring the saved state into a fresh flow failed, or gave another state or other
    /// Destinations.
    case restorationFailed(reason: String)
    /// The state breaks a rule of the model, such as one presentation chain (every modal on
    /// the focus path).
    case brokenState(StateProblem)
    /// The focused screen is not among the visible ones.
    case focusNotVisible(String)
    /// Tracked work did not finish before the deadline.
    case workDidNotSettle(SettleTimeout)

    /// The invariant's name, which shrinking keeps the same while it looks for shorter steps.
    public var invariant: String {
        switch self {
        case .startFailed: "start"
        case .destinationsMismatch: "live Destinations are the screens"
        case .visibilityMismatch: "visible Destinations know it"
        case .notReleased: "removed Destinations are released"
        case .refusalChangedState: "a refused step changes nothing"
        case .roundTripFailed, .roundTripDiffers: "the state survives a Codable round trip"
        case .restorationFailed: "a saved state restores"
        case .brokenState: "the state keeps the model's rules"
        case .focusNotVisible: "the focused screen is visible"
        case .workDidNotSettle: "tracked work finishes"
        }
    }

    /// The violation as a sentence.
    public var description: String {
        switch self {
        case .startFailed(let error):
            "the flow could not start: \(error)"
        case .destinationsMismatch(let missing, let extra):
            "the live Destinations are not the screens in the state: no Destination for \(missing), "
                + "a Destination for \(extra) that is not a screen in the state"
        case .visibilityMismatch(let screens):
            "these Destinations do not know whether they are visible: \(screens.joined(separator: ", "))"
        case .notReleased(let screens):
            "these removed Destinations were not released (something still holds them): \(screens.joined(separator: ", "))"
        case .refusalChangedState(let error, let diff):
            "the flow refused the step (\(error)) but its state changed (- before, + after):\n\(diff)"
        case .roundTripFailed(let reason):
            "the state did not survive a JSON round trip: \(reason)"
        case .roundTripDiffers(let diff):
            "the decoded state differs from the original (- original, + decoded):\n\(diff)"
        case .restorationFailed(let reason):
            "restoring the saved state into a fresh flow failed: \(reason)"
        case .brokenState(let problem):
            "the state breaks a rule of the model: \(problem)"
        case .focusNotVisible(let screen):
            "the focused screen \(screen) is not visible"
        case .workDidNotSettle(let timeout):
            "\(timeout)"
        }
    }
}

/// What a ``RandomWalk`` did.
public struct RandomWalkReport: Sendable, CustomStringConvertible {
    /// The seed.
    public let seed: UInt64
    /// The steps walked, up to the failure if there was one.
    public let steps: [WalkStep]
    /// How many steps the flow refused (an expected outcome, checked to change nothing).
    public let refusals: Int
    /// The failure, if an invariant broke.
    public let failure: RandomWalkFailure?

    /// A one-line summary, or the failure.
    public var description: String {
        failure?.description
            ?? "Random walk with seed \(seed): \(steps.count) steps, \(refusals) refused, no invariant broken."
    }
}

/// An invariant a ``RandomWalk`` broke, with the seed and the shortest reproduction found.
public struct RandomWalkFailure: Sendable, CustomStringConvertible {
    /// The walk's seed.
    public let seed: UInt64
    /// The step of the walk that broke the invariant, from 1.
    public let step: Int
    /// The invariant broken, as the shortest reproduction breaks it.
    public let violation: WalkViolation
    /// The shortest list of steps found that breaks the same invariant on a fresh flow.
    public let reproduction: [WalkStep]
    /// The state after the reproduction's last step, rendered.
    public let state: String

    /// The failure: the seed, the step, the invariant, the reproduction and the state.
    public var description: String {
        var lines = [
            "Random walk with seed \(seed) broke an invariant at step \(step): \(violation.invariant).",
            violation.description,
            "Shortest reproduction (\(reproduction.count) step\(reproduction.count == 1 ? "" : "s"), "
                + "replay with `walk.replay(failure.reproduction)` or re-run seed \(seed)):",
        ]
        lines += reproduction.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        if !state.isEmpty {
            lines.append("State after it:")
            lines += state.split(separator: "\n").map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
