import BenchmarkFixtures
import Destinations
import DestinationsURLs
import Foundation
@preconcurrency import RoutingKit

/// What one iteration of the loop does. Each mode but `send-perform` is a pair of operations
/// that leaves the state as it was.
enum LoopMode: String, CaseIterable {
    /// `flow.apply(.push)` then `flow.apply(.back)`.
    case pushBack = "push-back"
    /// `push-back` with the README's providers, which create the provider inside the lookup.
    case pushBackReadme = "push-back-readme"
    /// A 10-step deep link, `flow.apply(.path([.push(…) × 10]))`, then the way back,
    /// `flow.apply(.path([.back × 10]))`.
    case deepLink = "deep-link"
    /// `flow.apply(.selectTab(.other))` then `flow.apply(.selectTab(.deep))`.
    case selectTab = "select-tab"
    /// `flow.apply(.sheet)` then `flow.apply(.dismiss)`.
    case sheet = "sheet"
    /// `destination.send(.perform)`, whose response is `.perform { _ in }`.
    case sendPerform = "send-perform"
    /// `destination.send(.push)` then `flow.apply(.back)`.
    case sendPush = "send-push"
    /// The event path: `destination.send(.push)`, then the pushed screen's `send(.back)`.
    case sendPushSendBack = "send-push-send-back"
    /// One `flow.focusedDestination(as: BenchScreen.self)`: the README's first read.
    case readFocusedDestination = "read-focused-destination"
    /// One `flow.focusedDestination`, whatever its type.
    case readFocusedObject = "read-focused-object"
    /// One `flow.focusedScreen`.
    case readFocusedScreen = "read-focused-screen"
    /// One `flow.node(id)` of the screen at the bottom of the deep stack.
    case readNode = "read-node"
    /// One `flow.destination(id, as: BenchScreen.self)` of the bottom screen.
    case readDestination = "read-destination"
    /// One `flow.destination(id)` of the bottom screen, whatever its type.
    case readDestinationObject = "read-destination-object"
    /// One `flow.contains(id)` of the bottom screen.
    case readContains = "read-contains"
    /// One `flow.state`.
    case readState = "read-state"
    /// One `flow.rootID`.
    case readRootID = "read-root-id"
    /// A pure `NavigationTransaction` push then back, without a flow.
    case transaction = "transaction"
    /// The floor: array append + dictionary insert, then removeLast + remove.
    case floor = "floor"
    /// `URLRouter.parse` of a deep link to its route value, over `depth` link patterns.
    case urlLink = "url-link"
    /// `URLRouter.parse` of a canonical state URL to a state, over `depth` route patterns.
    case urlState = "url-state"
    /// Building the `URLRouter` of `depth` route patterns and `depth` deep links (validation,
    /// the link trie and its overlap check); run it with `--iterations 1 --warm-up 0` at 10,000.
    case urlConstruct = "url-construct"
    /// routing-kit's `TrieRouter` on the same link paths as `url-link`, pre-split into components.
    case urlRoutingKit = "url-routing-kit"
    /// routing-kit's `TrieRouter` on the same link paths, split on `/` first.
    case urlRoutingKitString = "url-routing-kit-string"
    /// `JSONEncoder` then `JSONDecoder` of the 200-screen snapshot state (`depth` is ignored).
    case snapshotRoundTrip = "snapshot-round-trip"
    /// `JSONEncoder` of the 200-screen snapshot state.
    case snapshotEncode = "snapshot-encode"
    /// `JSONDecoder` of the 200-screen snapshot state.
    case snapshotDecode = "snapshot-decode"
    /// The floor of `snapshot-round-trip`: the same nodes as a flat array, through the same coders.
    case snapshotFloor = "snapshot-floor"
    /// One restore of a saved snapshot of `depth` screens, from its `Data` to a flow showing
    /// it: `Restoration.restore(data)` then `Flow.restore(_:)`. Two snapshots with disjoint ids
    /// take turns, so each restore builds `depth` Destinations and retires as many.
    case restore = "restore"
    /// One `Flow.init(_:providers:)` of a 50-route app (`ShopRoute`, `CaseIterable`, one
    /// provider per route): validation, the first state, its index and the first screens, then
    /// the flow's release (`depth` is ignored).
    case flowCreate = "flow-create"

    /// Builds the fixture for `mode` at `depth` and returns one iteration of the loop.
    @MainActor
    static func prepare(_ mode: LoopMode, depth: Int) throws -> @MainActor () throws -> Void {
        switch mode {
        case .floor:
            let floor = FloorStack(depth: depth)
            return {
                floor.push()
                floor.back()
            }
        case .transaction:
            var generator = SequentialElementIDs()
            var state = try NavigationState(.deepTabs(depth: depth), ids: &generator)
            var ids: any ElementIDGenerator = generator
            return {
                for presentation in [Presentation<BenchRoute>.push(.screen(0)), .back] {
                    var transaction = NavigationTransaction(state: state, ids: ids)
                    try transaction.apply(presentation)
                    state = transaction.state
                    ids = transaction.ids
                }
            }
        case .pushBack, .selectTab, .sheet, .sendPerform, .sendPush, .sendPushSendBack, .deepLink:
            return flowIteration(mode, try DeepFlow(depth: depth))
        case .pushBackReadme:
            return flowIteration(.pushBack, try DeepFlow(depth: depth, providers: .readme))
        case .readFocusedDestination, .readFocusedObject, .readFocusedScreen, .readNode, .readDestination,
            .readDestinationObject, .readContains, .readState, .readRootID:
            return readIteration(mode, try DeepFlow(depth: depth))
        case .snapshotRoundTrip, .snapshotEncode, .snapshotDecode, .snapshotFloor:
            return try snapshotIteration(mode)
        case .restore:
            let fixture = try RestoreFixture(screens: depth)
            var next = 0
            return {
                try fixture.restore(next & 1)
                next &+= 1
            }
        case .flowCreate:
            let providers = Providers<ShopRoute>.shop
            var created = 0
            return {
                let flow = try Flow(.shop, providers: providers, logger: .disabled)
                created &+= Int(truncatingIfNeeded: flow.rootID.rawValue)
            }
        case .urlConstruct:
            let (patterns, links) = URLFixture.declarations(count: depth)
            var built = 0
            return { built &+= try URLFixture.router(patterns: patterns, links: links).links.count }
        case .urlRoutingKit, .urlRoutingKitString:
            return routingKitIteration(mode, try URLFixture(count: depth))
        case .urlLink, .urlState:
            let fixture = try URLFixture(count: depth)
            let inputs = mode == .urlLink ? fixture.links : fixture.states
            var next = 0
            var parsed = 0
            return {
                var ids = SequentialElementIDs()
                // Counting the answers keeps the optimiser from discarding the parse.
                if case .link = try fixture.router.parse(inputs[next & 1_023], ids: &ids) { parsed &+= 1 }
                next &+= 1
            }
        }
    }

    @MainActor
    private static func flowIteration(_ mode: LoopMode, _ fixture: DeepFlow) -> @MainActor () throws -> Void {
        let flow = fixture.flow
        let top = fixture.topDestination
        switch mode {
        case .pushBack:
            return {
                try flow.apply(.push(.screen(0)))
                try flow.apply(.back)
            }
        case .deepLink:
            let link = Presentation<BenchRoute>.path((1...10).map { .push(.screen($0)) })
            let back = Presentation<BenchRoute>.path(Array(repeating: .back, count: 10))
            return {
                try flow.apply(link)
                try uncountedUndo { try flow.apply(back) }
            }
        case .selectTab:
            return {
                try flow.apply(.selectTab(.other))
                try flow.apply(.selectTab(.deep))
            }
        case .sheet:
            return {
                try flow.apply(.sheet(.screen(-2)))
                try flow.apply(.dismiss)
            }
        case .sendPerform:
            // The flow is held weakly by its Destinations: keep it alive with the loop.
            return { try withExtendedLifetime(flow) { try top.send(.perform) } }
        case .sendPush:
            return {
                try top.send(.push)
                try flow.apply(.back)
            }
        case .sendPushSendBack:
            return { try sendPushThenSendBack(flow, from: top) }
        default:
            preconditionFailure("\(mode.rawValue) is not a navigation on a flow")
        }
    }
}

extension LoopMode {
    /// One read of the flow. Counting the answers keeps the optimiser from discarding the read.
    @MainActor
    fileprivate static func readIteration(_ mode: LoopMode, _ fixture: DeepFlow) -> @MainActor () throws -> Void {
        let flow = fixture.flow
        let bottom = fixture.bottom
        var found: UInt64 = 0
        switch mode {
        case .readFocusedDestination: return { if focusedBenchScreen(of: flow) != nil { found &+= 1 } }
        case .readFocusedObject: return { if focusedObject(of: flow) != nil { found &+= 1 } }
        case .readFocusedScreen: return { found &+= focusedScreen(of: flow).id.rawValue }
        case .readNode: return { if flow.node(bottom) != nil { found &+= 1 } }
        case .readDestination: return { if benchScreen(flow, bottom) != nil { found &+= 1 } }
        case .readDestinationObject: return { if flow.destination(bottom) != nil { found &+= 1 } }
        case .readContains: return { if flowContains(flow, bottom) { found &+= 1 } }
        case .readState: return { found &+= flow.state.root.id.rawValue }
        case .readRootID: return { found &+= flow.rootID.rawValue }
        default: preconditionFailure("\(mode.rawValue) is not a read")
        }
    }
}

extension LoopMode {
    /// One encode, decode or round trip of the snapshot state (or of its flat floor), as the
    /// Snapshot benchmarks measure them.
    @MainActor
    fileprivate static func snapshotIteration(_ mode: LoopMode) throws -> @MainActor () throws -> Void {
        let state = try NavigationState.snapshot()
        let flat = state.flatNodes
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        let data = try encoder.encode(state)
        var bytes = 0
        switch mode {
        case .snapshotRoundTrip:
            return {
                let decoded = try decoder.decode(NavigationState<BenchRoute>.self, from: encoder.encode(state))
                bytes &+= decoded.root.id.rawValue == 0 ? 0 : 1
            }
        case .snapshotEncode:
            return { bytes &+= try encoder.encode(state).count }
        case .snapshotDecode:
            return {
                let decoded = try decoder.decode(NavigationState<BenchRoute>.self, from: data)
                bytes &+= decoded.root.id.rawValue == 0 ? 0 : 1
            }
        default:
            return { bytes &+= try decoder.decode([FlatNode].self, from: encoder.encode(flat)).count }
        }
    }
}

extension LoopMode {
    /// One routing-kit lookup of a link path and its `id` parameter, as the URLs benchmarks do.
    @MainActor
    fileprivate static func routingKitIteration(_ mode: LoopMode, _ fixture: URLFixture) -> @MainActor () throws -> Void
    {
        let trie = TrieRouter<Int>()
        for index in 0..<fixture.count {
            trie.register(
                index,
                at: [
                    .constant("s\(index)"), .constant("users"), .parameter("id"), .constant("notes"),
                    .parameter("noteID"),
                ])
        }
        let paths = fixture.paths.map { "/" + $0 }
        let split = paths.map { $0.split(separator: "/").map(String.init) }
        var next = 0
        var found = 0
        return {
            var parameters = Parameters()
            let path =
                mode == .urlRoutingKit
                ? split[next & 1_023] : paths[next & 1_023].split(separator: "/").map(String.init)
            if trie.route(path: path, parameters: &parameters) != nil, parameters.get("id", as: Int.self) != nil {
                found &+= 1
            }
            next &+= 1
        }
    }
}

/// Runs `iteration` `count` times before the measured loop, so that caches and lazily built
/// metadata are in place.
@MainActor
func warmUp(_ count: Int, _ iteration: @MainActor () throws -> Void) {
    for _ in 0..<count { try? iteration() }
}

/// Undoes what an iteration did. Counted with the rest unless callgrind is also given
/// `--toggle-collect='*uncountedUndo*'`, which stops collecting inside it: then `deep-link`
/// counts the link alone.
@MainActor
@inline(never)
func uncountedUndo(_ body: () throws -> Void) rethrows {
    try body()
}

/// The loop callgrind counts: `--toggle-collect='*measuredIterations*'` collects this function alone.
@MainActor
@inline(never)
func measuredIterations(_ count: Int, _ iteration: @MainActor () throws -> Void) throws {
    for _ in 0..<count { try iteration() }
}
