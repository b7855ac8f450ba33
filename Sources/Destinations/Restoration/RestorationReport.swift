extension RestorationReport {
    /// Something restoration could not bring back as saved, and what it did instead.
    public enum Issue: Hashable, Sendable, CustomStringConvertible {
        /// The data is not a snapshot envelope; the layout's initial state is used.
        case unreadableSnapshot(reason: String)
        /// The envelope's format is not one this version reads; the initial state is used.
        case unknownFormat(Int)
        /// The snapshot was saved by a newer schema than the app's; the initial state is used.
        case newerSchema(saved: Int, current: Int)
        /// No migration reads the saved schema version; the initial state is used.
        case missingMigration(from: Int)
        /// A migration threw; the initial state is used.
        case migrationFailed(from: Int, reason: String)
        /// An element is not a well-formed saved element; it is left out.
        case malformedElement(path: String, reason: String)
        /// A saved route does not decode (a route the app no longer has, or a changed payload);
        /// its screen is left out.
        case undecodableRoute(path: String, reason: String)
        /// The route's policy is ``RestorationPolicy/never``; its screen is left out.
        case droppedByPolicy(path: String, route: String)
        /// The snapshot is older than the route's ``RestorationPolicy/maximumAge(_:)``; its screen
        /// is left out.
        case expired(path: String, route: String)
        /// The route's policy replaced it.
        case replaced(path: String, route: String, with: String)
        /// A stack came back as the longest valid prefix of what was saved.
        case stackTruncated(path: String, kept: Int, saved: Int)
        /// A modal could not come back; its presenter stays.
        case modalDropped(path: String)
        /// A tab could not come back; it shows its layout's initial content.
        case tabReset(TabID)
        /// The snapshot holds `count` elements, more than ``Restoration/maximumElements``: it is
        /// refused whole, and the initial state is used.
        case tooManyElements(count: Int, limit: Int)
        /// The snapshot's elements nest `depth` deep, deeper than ``Restoration/maximumDepth``: it
        /// is refused whole, and the initial state is used.
        case tooDeep(depth: Int, limit: Int)
        /// The snapshot data has `bytes` bytes, more than ``Restoration/maximumBytes``: it is not
        /// read, and the initial state is used.
        case tooLarge(bytes: Int, limit: Int)
        /// The element's saved id is missing, invalid or used by an element read before it: the
        /// element comes back with a fresh id (and so no Destination of its own across the restore).
        case idReplaced(path: String)
        /// A guard of the flow denies a change that adds this screen: it is left out like a route
        /// whose policy is ``RestorationPolicy/never``, and the rest comes back.
        case deniedByGuard(path: String, route: String, guard: String)
        /// What came back breaks a rule of the model; the initial state is used.
        case brokenRule(StateProblem)
        /// The saved ids came so close to ``ElementID/maximum`` that the flow would soon run out:
        /// every element got a new id (so none keeps its Destination across the restore).
        case idsRenumbered
        /// The previous launch never finished restoring this scene: restoring was skipped once
        /// (``CrashLoopBreaker``).
        case skippedAfterCrash
        /// No provider builds the saved route: the screen is left out like a route whose policy
        /// is ``RestorationPolicy/never``.
        case noProvider(path: String, route: String)
        /// A saved tab is not in the layout any more: it is left out.
        case tabDropped(TabID)
        /// A tab of the layout was not saved: it is added back with its initial content.
        case tabAdded(TabID)
        /// A split view's sidebar could not come back: it shows the layout's initial sidebar, and
        /// the other columns stay.
        case sidebarReset(path: String)
        /// The whole snapshot is older than ``Restoration/maximumAge``: the initial state is used.
        case snapshotExpired(age: Double, limit: Double)
        /// The flow refused what came back (a guard, an asynchronous guard that must be asked
        /// first, a provider that failed): the initial state is used.
        case refused(NavigationError)
        /// A guard redirected what came back (sign in first): the snapshot waits as the flow's
        /// pending change, and the window shows the redirect.
        case waitsForGuard(String)
        /// The saved state's outer container is not the layout's: a snapshot saved by another
        /// layout (a pad's split view restored into a phone's tabs). It is restored as saved;
        /// an app that wants its own layout instead starts from ``Restoration/Restored/report`` and
        /// uses the initial state.
        case layoutChanged(saved: String, layout: String)

        public var description: String {
            switch self {
            case .unreadableSnapshot(let reason): "unreadable snapshot: \(reason)"
            case .unknownFormat(let format): "unknown snapshot format \(format)"
            case .newerSchema(let saved, let current): "saved by schema \(saved), newer than \(current)"
            case .missingMigration(let from): "no migration from schema \(from)"
            case .migrationFailed(let from, let reason): "migration from schema \(from) failed: \(reason)"
            case .malformedElement(let path, let reason): "\(path): malformed element (\(reason))"
            case .undecodableRoute(let path, let reason): "\(path): route does not decode (\(reason))"
            case .droppedByPolicy(let path, let route): "\(path): \(route) is never restored"
            case .expired(let path, let route): "\(path): \(route) expired"
            case .replaced(let path, let route, let with): "\(path): \(route) replaced with \(with)"
            case .stackTruncated(let path, let kept, let saved): "\(path): kept \(kept) of \(saved) screens"
            case .modalDropped(let path): "\(path): modal dropped"
            case .tabReset(let tab): "tab \(tab) reset to its initial content"
            case .tooManyElements(let count, let limit): "\(count) elements, more than \(limit)"
            case .tooDeep(let depth, let limit): "elements nested \(depth) deep, deeper than \(limit)"
            case .tooLarge(let bytes, let limit): "\(bytes) bytes, more than \(limit)"
            case .idReplaced(let path): "\(path): id replaced with a fresh one"
            case .deniedByGuard(let path, let route, let name): "\(path): \(route) denied by \(name)"
            case .brokenRule(let problem): "restored state breaks a rule: \(problem)"
            case .idsRenumbered: "ids renumbered"
            case .skippedAfterCrash: "skipped after a crash while restoring"
            case .noProvider(let path, let route): "\(path): no provider builds \(route)"
            case .tabDropped(let tab): "tab \(tab) is not in the layout"
            case .tabAdded(let tab): "tab \(tab) added back with its initial content"
            case .sidebarReset(let path): "\(path): sidebar reset to its initial content"
            case .refused(let error): "the flow refused the restored state: \(error)"
            case .waitsForGuard(let name): "the restored state waits for \(name)"
            case .layoutChanged(let saved, let layout): "saved as \(saved), the layout is \(layout)"
            case .snapshotExpired(let age, let limit): "snapshot \(Int(age)) s old, older than \(Int(limit)) s"
            }
        }
    }
}

/// What a restoration kept and what it left out.
public struct RestorationReport: Hashable, Sendable {
    /// Every issue, in the order the saved tree was read.
    public internal(set) var issues: [Issue] = []
    /// The screens that came back from the snapshot.
    public internal(set) var restoredScreens = 0
    /// Whether the layout's initial state was used instead of the snapshot.
    public internal(set) var usedInitialState = false

    /// Whether everything saved came back as it was.
    public var isComplete: Bool { issues.isEmpty && !usedInitialState }
}

extension Restoration {
    /// A restored state and its report.
    public struct Restored: Sendable {
        /// The state to hand to ``Flow/restore(_:)``: always valid.
        public let state: NavigationState<Route>
        /// What was kept and what was left out.
        public let report: RestorationReport
    }
}
