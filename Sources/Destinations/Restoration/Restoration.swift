public import Foundation

/// Brings a saved navigation state back, whatever happened since it was saved: the app
/// changed its routes, the data was truncated or edited, a screen should not come back.
///
/// ```swift
/// let restoration = try Restoration(
///     layout: AppLayout.main,
///     schemaVersion: 3,
///     migrations: [renameCompose, splitSettings],
///     policy: { route in
///         switch route {
///         case .checkout: .never
///         case .editNote: .maximumAge(24 * 3600)
///         default: .restore
///         }
///     }
/// )
/// let restored = restoration.restore(savedData)   // never throws
/// try flow.restore(restored.state)
/// ```
///
/// Restoration never throws and never traps. It reads the envelope, runs the migrations from
/// the saved schema version up to the current one on the raw tree, then reads the tree element
/// by element:
/// - a stack comes back as its **longest valid prefix**: the screens up to the first one that
///   does not decode or that its route's policy leaves out;
/// - a modal that fails is dropped, its presenter stays;
/// - a tab that fails shows its layout's initial content (when the layout has that tab);
/// - a split view's content or detail column that fails is emptied;
/// - an unreadable envelope, an unknown format, a newer or unmigratable schema, a snapshot over
///   a limit (``maximumBytes``, ``maximumElements``, ``maximumDepth``: refused whole, never cut
///   short), a root that fails, or a result that breaks a rule of the model gives the layout's
///   initial state;
/// - an element whose id is missing, invalid or already used gets a fresh id.
///
/// The ``Restoration/Restored/report`` lists every issue. Saved ids are kept, so restoring into a
/// flow that shows the same screens keeps their Destinations.
public struct Restoration<Route: NavigationRoute & Codable>: Sendable {
    /// The scene's layout: its initial state, and the initial content of a tab that fails.
    public let layout: Layout<Route>
    /// The layout's initial state, numbered from 1.
    let initial: NavigationState<Route>
    /// The app's current schema version, written by ``NavigationSnapshot``.
    public var schemaVersion: Int
    /// The migrations, one per version step; their order does not matter.
    public var migrations: [SnapshotMigration]
    /// What comes back of each route.
    public var policy: @Sendable (Route) -> RestorationPolicy<Route>
    /// The most elements a snapshot may hold; one with more gives the initial state
    /// (``RestorationReport/Issue/tooManyElements(count:limit:)``).
    public var maximumElements: Int
    /// The deepest nesting of elements a snapshot may hold; a deeper one gives the initial state
    /// (``RestorationReport/Issue/tooDeep(depth:limit:)``).
    public var maximumDepth: Int
    /// The most bytes of snapshot data read, 1 MiB by default; more gives the initial state
    /// (``RestorationReport/Issue/tooLarge(bytes:limit:)``) before any of it is decoded.
    public var maximumBytes: Int
    /// The oldest snapshot that comes back, in seconds; an older one gives the initial state
    /// (``RestorationReport/Issue/snapshotExpired(age:limit:)``). `nil`, the default, for no limit;
    /// per-route ages are the policy's ``RestorationPolicy/maximumAge(_:)``.
    public var maximumAge: TimeInterval?

    /// Creates a restoration for a scene.
    ///
    /// - Throws: ``NavigationError/invalidLayout(_:)`` for a layout that cannot be built.
    public init(
        layout: Layout<Route>,
        schemaVersion: Int,
        migrations: [SnapshotMigration] = [],
        maximumElements: Int = 10_000,
        maximumDepth: Int = 64,
        maximumBytes: Int = 1 << 20,
        maximumAge: TimeInterval? = nil,
        policy: @escaping @Sendable (Route) -> RestorationPolicy<Route> = { _ in .restore }
    ) throws(NavigationError) {
        self.maximumAge = maximumAge
        self.layout = layout
        self.initial = try NavigationState(layout)
        self.schemaVersion = schemaVersion
        self.migrations = migrations
        self.policy = policy
        self.maximumElements = maximumElements
        self.maximumDepth = maximumDepth
        self.maximumBytes = maximumBytes
    }

    /// Restores the snapshot in `data`, as ``NavigationSnapshot/encoded()`` wrote it.
    ///
    /// - Parameters:
    ///   - data: The snapshot.
    ///   - now: The time to measure ages against.
    ///   - isProvided: Whether a provider builds a route (``Providers/provider(for:)``):
    ///     screens of routes without one are left out, like a route whose policy is
    ///     ``RestorationPolicy/never``, rather than failing the whole restore.
    public func restore(_ data: Data, now: Date = Date(), isProvided: @escaping (Route) -> Bool = { _ in true })
        -> Restored
    {
        restore(data, now: now, isProvided: isProvided, deniedBy: { _ in nil })
    }

    /// Restores `data`, leaving out the screens of routes `deniedBy` names a guard for.
    func restore(
        _ data: Data, now: Date, isProvided: @escaping (Route) -> Bool, deniedBy: @escaping (Route) -> String?
    )
        -> Restored
    {
        guard data.count <= maximumBytes else {
            return initialState(because: .tooLarge(bytes: data.count, limit: maximumBytes))
        }
        let snapshot: NavigationSnapshot
        do {
            snapshot = try NavigationSnapshot(data: data)
        } catch {
            // Another format may be shaped otherwise: it is unknown, not corrupt.
            if let format = NavigationSnapshot.format(of: data), format != NavigationSnapshot.currentFormat {
                return initialState(because: .unknownFormat(format))
            }
            return initialState(because: .unreadableSnapshot(reason: Self.reason(error)))
        }
        return read(snapshot, now: now, isProvided: isProvided, deniedBy: deniedBy)
    }

    /// Restores a snapshot; see ``restore(_:now:isProvided:)-(Data,_,_)``.
    public func restore(
        _ snapshot: NavigationSnapshot,
        now: Date = Date(),
        isProvided: @escaping (Route) -> Bool = { _ in true }
    ) -> Restored {
        read(snapshot, now: now, isProvided: isProvided, deniedBy: { _ in nil })
    }

    private func read(
        _ snapshot: NavigationSnapshot, now: Date, isProvided: @escaping (Route) -> Bool,
        deniedBy: @escaping (Route) -> String?
    ) -> Restored {
        guard snapshot.format == NavigationSnapshot.currentFormat else {
            return initialState(because: .unknownFormat(snapshot.format))
        }
        guard snapshot.schemaVersion <= schemaVersion else {
            return initialState(because: .newerSchema(saved: snapshot.schemaVersion, current: schemaVersion))
        }
        var tree = snapshot.state
        var version = snapshot.schemaVersion
        while version < schemaVersion {
            guard let migration = migrations.first(where: { $0.from == version }) else {
                return initialState(because: .missingMigration(from: version))
            }
            do {
                try migration.body(&tree)
            } catch {
                return initialState(because: .migrationFailed(from: version, reason: Self.reason(error)))
            }
            version += 1
        }
        let age = now.timeIntervalSince(snapshot.savedAt)
        if let maximumAge, age > maximumAge {
            return initialState(because: .snapshotExpired(age: age, limit: maximumAge))
        }
        // Over a limit, the snapshot is refused whole: cut short, it would bring back a state
        // nobody saved. A decoding that recursed once per nesting level would overflow the
        // thread's stack on a hostile snapshot; the refused depth bounds the reader.
        let size = SnapshotSize(tree)
        guard size.elements <= maximumElements else {
            return initialState(because: .tooManyElements(count: size.elements, limit: maximumElements))
        }
        guard size.depth <= maximumDepth else {
            return initialState(because: .tooDeep(depth: size.depth, limit: maximumDepth))
        }
        var reader = LenientReader<Route>(
            policy: policy, isProvided: isProvided, deniedBy: deniedBy, age: age,
            firstFreshID: size.largestID + 1, elements: size.elements
        )
        guard var root = reader.node(tree, path: .init("root"), layout: layout, depth: 0) else {
            return initialState(after: reader.report)
        }
        var report = reader.report
        let saved = Self.shape(of: root)
        let expected = Self.shape(of: initial.root)
        if saved != expected {
            report.issues.append(.layoutChanged(saved: saved, layout: expected))
        }
        // The saved tree may keep modals the current rules do not allow (off the focus path):
        // drop such modals one by one, however many, then check the rest. Each pass removes a
        // modal, so the passes end.
        while true {
            let state = NavigationState(root: root)
            // A tree without modals or layout content keeps every rule as read: no second walk.
            assert(reader.needsCheck || state.firstProblem == nil, "the reader let through a state that breaks a rule")
            guard let problem = reader.needsCheck ? state.firstProblem : nil else {
                report.restoredScreens = Self.screenCount(of: state.root) - reader.resetScreens
                return Restored(state: state, report: report)
            }
            guard case .modalOffFocus(let content) = problem, let path = root.path(to: content), path.last == .modal
            else {
                report.issues.append(.brokenRule(problem))
                return initialState(after: report)
            }
            root.modify(at: path.dropLast()) { $0.modal = nil }
            report.issues.append(.modalDropped(path: "element \(content)"))
        }
    }

    /// The screens of `node`'s subtree, counted in one loop, not listed: a stack whose screens
    /// present nothing counts as its length, without a step per screen.
    static func screenCount(of node: NavigationNode<Route>) -> Int {
        var screens = 0
        var pending = [node]
        while let node = pending.popLast() {
            if let box = node.presented { pending.append(box.modal.node) }
            switch node.content {
            case .screen:
                screens += 1
            case .stack(let stack) where stack.top.node.presented == nil && stack.top.presenterBelow == nil:
                screens += stack.count
            case .stack(let stack):
                for element in stack.elementsFromTop { pending.append(element) }
            case .tabs(let tabs):
                for tab in tabs._tabs { pending.append(tab.node) }
            case .split(let split):
                for (_, column) in split.filledColumns { pending.append(column) }
            }
        }
        return screens
    }

    /// The kind of a state's outer container, as a report names it: `stack`, `tabs`,
    /// `split (3 columns)`, `screen`.
    static func shape(of node: NavigationNode<Route>) -> String {
        switch node.content {
        case .screen: "screen"
        case .stack: "stack"
        case .tabs: "tabs"
        case .split(let split): "split (\(split.columns.count) columns)"
        }
    }

    private func initialState(because issue: RestorationReport.Issue) -> Restored {
        var report = RestorationReport()
        report.issues.append(issue)
        return initialState(after: report)
    }

    private func initialState(after report: RestorationReport) -> Restored {
        var report = report
        report.usedInitialState = true
        report.restoredScreens = 0
        return Restored(state: initial, report: report)
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            context.debugDescription
        default:
            String(describing: error)
        }
    }
}
