#if DEBUG || InspectorInRelease
import Destinations
import DestinationsURLs
import Foundation

/// The protocol version this client speaks; see the inspector's design notes.
let inspectorProtocolVersion = 1

/// Builds the protocol's JSON messages from flow events. Route payloads pass through the
/// app's redaction first, so labels, renderings, states and URLs never carry what it hides.
@MainActor
struct InspectorEncoder<Route: NavigationRoute & Codable> {
    var redact: (@Sendable (Route) -> Route)?
    var router: URLRouter<Route>?
    var scene: String

    static func data(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    func hello(app: String, canRestore: Bool, graph: FlowGraph<Route>?, testSetup: InspectorConfiguration.TestSetup?)
        -> [String: Any]
    {
        var hello: [String: Any] = [
            "type": "hello",
            "protocol": inspectorProtocolVersion,
            "app": app,
            "scene": scene,
            "platform": Self.platform,
            "routeType": String(reflecting: Route.self),
            "pid": Int(ProcessInfo.processInfo.processIdentifier),
            "canRestore": canRestore,
        ]
        if let graph { hello["graph"] = Self.graph(graph) }
        if let testSetup {
            hello["testSetup"] = [
                "module": testSetup.module, "layout": testSetup.layout, "providers": testSetup.providers,
            ]
        }
        return hello
    }

    static func graph(_ graph: FlowGraph<Route>) -> [String: Any] {
        func edge(_ edge: FlowGraph<Route>.Edge, observed: Bool) -> [String: Any] {
            [
                "from": edge.from, "to": edge.to, "event": edge.event, "presentation": edge.presentation,
                "observed": observed,
            ]
        }
        return [
            // The inspector draws the graph from these names and edges; it never runs DOT it
            // did not write.
            "edges": graph.edges.map { edge($0, observed: false) }
                + graph.observedEdges.map { edge($0, observed: true) },
            "dot": graph.dot(),
            "mermaid": graph.mermaid(),
            "routes": graph.routes,
            "entryRoutes": graph.entryRoutes,
            "unreachable": graph.unreachableRoutes,
        ]
    }

    static var platform: String {
        #if os(iOS)
        "iOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(tvOS)
        "tvOS"
        #elseif os(watchOS)
        "watchOS"
        #elseif os(visionOS)
        "visionOS"
        #elseif os(Linux)
        "Linux"
        #else
        "other"
        #endif
    }

    /// The `event` message of one flow event; `connect` describes the state as it is when a
    /// session opens.
    func event(
        sequence: UInt64,
        kind: String?,
        cause: FlowEvent<Route>.Cause?,
        changes: NavigationChanges<Route>?,
        state original: NavigationState<Route>,
        previous: NavigationState<Route>?,
        refusal: NavigationError?,
        skipped: Int,
        timing: TransactionTiming? = nil,
        replayable: Bool = false
    ) -> [String: Any] {
        let start = ContinuousClock.now
        let state = redacted(original)
        var message: [String: Any] = [
            "type": "event",
            "seq": Int(sequence),
            "t": Int((Date().timeIntervalSince1970 * 1000).rounded()),
            "skipped": skipped,
        ]
        var causeObject: [String: Any] = ["kind": kind ?? cause.map(Self.kind) ?? "connect"]
        if let cause {
            let summary = self.summary(of: cause)
            causeObject["summary"] = summary
            // Full descriptions carry route payloads; with redaction, the summary (route names
            // and event cases only) stands in for them.
            causeObject["description"] = redact == nil ? cause.description : summary
            switch cause {
            case .event(let event, let route, let origin, let presentation):
                // With redaction, an event is its case's name: its associated values may be
                // what the app hides.
                let name = redact == nil ? "\(event)" : Self.caseName(event.base)
                causeObject["name"] = name
                causeObject["route"] = route.name
                causeObject["from"] = Int(origin.rawValue)
                causeObject["presentation"] = presentation.name
                causeObject["edge"] = edge(from: route.name, event: name, changes: changes, state: state)
                // A test may send this event again by name ("copy as test").
                if replayable { causeObject["replay"] = "event" }
            case .presentation(let presentation, let origin):
                causeObject["presentation"] = presentation.name
                if let origin {
                    causeObject["from"] = Int(origin.rawValue)
                    if let route = (previous ?? original).node(origin)?.route {
                        causeObject["route"] = route.name
                        causeObject["edge"] = edge(
                            from: route.name, event: presentation.name, changes: changes, state: state)
                    }
                }
            case .userAction(let action):
                causeObject["name"] = action.name
                if let object = Self.object(of: action) { causeObject["action"] = object }
            case .opened(let name, let source):
                causeObject["name"] = name
                causeObject["source"] = "\(source)"
            case .start, .restore:
                break
            }
        } else {
            causeObject["summary"] = "connect"
            causeObject["description"] = "connect"
        }
        message["cause"] = causeObject
        func entry(_ node: NavigationNode<Route>) -> [String: Any] {
            ["id": Int(node.id.rawValue), "label": label(node)]
        }
        let added: [[String: Any]] = changes?.added.map(entry) ?? []
        let removed: [[String: Any]] = changes?.removed.map(entry) ?? []
        let touched: [Int] = changes?.touched.sorted().map { Int($0.rawValue) } ?? []
        let removedIDs: [Int] = changes?.removedIDs.sorted().map { Int($0.rawValue) } ?? []
        message["changes"] =
            ["added": added, "removed": removed, "touched": touched, "removedIDs": removedIDs] as [String: Any]
        if let data = try? JSONEncoder().encode(state), let object = try? JSONSerialization.jsonObject(with: data) {
            message["state"] = object
        }
        message["tree"] = tree(state.root, state: state)
        message["focused"] = Int(state.focusedScreen.id.rawValue)
        message["visible"] = state.visibleScreens.map { Int($0.id.rawValue) }
        message["rendered"] = state.rendered()
        // What a replay in a test compares: the harness gives new elements its own ids.
        message["renderedWithoutIDs"] = state.rendered(ids: false)
        if let timing {
            var object: [String: Any] = ["commitMicros": timing.commitMicros]
            if let build = timing.buildMicros { object["buildMicros"] = build }
            message["timing"] = object
        }
        if let router, let url = try? router.stateURL(for: state, scene: scene) {
            message["url"] = url
        } else {
            message["url"] = NSNull()
        }
        if let refusal {
            // A refusal's message quotes routes and values; with redaction, only its code goes.
            message["refusal"] =
                redact == nil
                ? ["code": Self.code(of: refusal), "message": "\(refusal)"] : ["code": Self.code(of: refusal)]
        }
        let elapsed = ContinuousClock.now - start
        message["encodeMicros"] = Int(
            elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000)
        return message
    }

    /// A user action as "copy as test" writes it again: its case and the ids (and tab) it
    /// names. Nil for an action a test does not replay (a sheet moved to another detent).
    static func object(of action: UserAction<Route>) -> [String: Any]? {
        func id(_ element: ElementID) -> Int { Int(clamping: element.rawValue) }
        switch action {
        case .popped(let stack, let top): return ["case": "popped", "stack": id(stack), "to": id(top)]
        case .dismissed(let modal): return ["case": "dismissed", "modal": id(modal)]
        case .selectedTab(let tab, let tabs): return ["case": "selectedTab", "tab": tab.rawValue, "tabs": id(tabs)]
        case .closedColumn(let showing): return ["case": "closedColumn", "showing": id(showing)]
        case .arrangedTabs(let arrangement, let tabs):
            return [
                "case": "arrangedTabs", "order": arrangement.order.map(\.rawValue),
                "hidden": arrangement.hidden.map(\.rawValue).sorted(), "tabs": id(tabs),
            ]
        case .tappedTabAction(let item, let tabs):
            return ["case": "tappedTabAction", "tab": item.rawValue, "tabs": id(tabs)]
        case .movedSheet: return nil
        case .changedWidth(let compact, let split):
            return ["case": "changedWidth", "isCompact": compact, "split": id(split)]
        }
    }

    static func kind(_ cause: FlowEvent<Route>.Cause) -> String {
        switch cause {
        case .start: "start"
        case .presentation: "presentation"
        case .event: "event"
        case .userAction: "user"
        case .restore: "restore"
        case .opened: "opened"
        }
    }

    /// The cause's summary; with redaction, an event's associated values are left out.
    func summary(of cause: FlowEvent<Route>.Cause) -> String {
        guard redact != nil, case .event(let event, let route, let origin, let presentation) = cause else {
            return cause.summary
        }
        return "\(route.name).\(Self.caseName(event.base)) from \(origin) → \(presentation.name)"
    }

    /// The name of an enum value's case, without its associated values: `select` for
    /// `.select(id: 3)`.
    static func caseName(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum, let label = mirror.children.first?.label { return label }
        return String(String(describing: value).prefix { $0 != "(" })
    }

    /// The name of a refusal's case: `unconfiguredEvent`.
    static func code(of error: NavigationError) -> String {
        String(String(describing: error).prefix { $0 != "(" && $0 != ":" && $0 != " " })
    }

    /// The edge of the flow graph a change took: from the route that asked, to the screen it
    /// added (or the focused one).
    func edge(from: String, event: String, changes: NavigationChanges<Route>?, state: NavigationState<Route>)
        -> [String: Any]
    {
        let target = (changes?.added ?? []).compactMap(\.route).last?.name ?? state.focusedScreen.route?.name ?? ""
        return ["from": from, "to": target, "event": event]
    }

    func label(_ node: NavigationNode<Route>) -> String {
        if let route = node.route { return Self.readable(redact.map { $0(route) } ?? route) }
        return node.kind.description
    }

    static func readable(_ route: Route) -> String {
        let text = route.readableDescription
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    /// The state as a tree of plain objects the page draws without knowing the route type.
    func tree(_ node: NavigationNode<Route>, state: NavigationState<Route>) -> [String: Any] {
        var object: [String: Any] = ["id": Int(node.id.rawValue), "kind": node.kind.description]
        switch node.content {
        case .screen(let route):
            object["label"] = Self.readable(route)
            object["name"] = route.name
        case .stack(let stack):
            object["children"] = stack.elements.map { tree($0, state: state) }
        case .tabs(let tabs):
            object["selected"] = "\(tabs.selectedTab.id)"
            object["tabs"] = tabs.tabs.map { ["id": "\($0.id)", "node": tree($0.node, state: state)] as [String: Any] }
        case .split(let split):
            object["columns"] = split.filledColumns.map {
                ["column": "\($0.column)", "node": tree($0.node, state: state)] as [String: Any]
            }
        }
        if let modal = node.modal {
            object["modal"] =
                ["style": "\(modal.style)", "overlay": modal.style.isOverlay, "node": tree(modal.node, state: state)]
                as [String: Any]
        }
        return object
    }

    /// The state with every route passed through the redaction.
    func redacted(_ state: NavigationState<Route>) -> NavigationState<Route> {
        guard let redact else { return state }
        return NavigationState(root: Self.map(state.root, redact))
    }

    static func map(_ node: NavigationNode<Route>, _ transform: (Route) -> Route) -> NavigationNode<Route> {
        let content: NavigationNode<Route>.Content
        switch node.content {
        case .screen(let route):
            content = .screen(transform(route))
        case .stack(let stack):
            content = .stack(Stack(stack.elements.map { map($0, transform) }))
        case .tabs(let tabs):
            content = .tabs(tabs.mapNodes { map($0, transform) })
        case .split(let split):
            content = .split(
                Split(
                    sidebar: map(split.sidebar, transform),
                    content: split.content.map { map($0, transform) },
                    detail: split.detail.map { map($0, transform) },
                    hasContentColumn: split.hasContentColumn
                )
            )
        }
        let modal = node.modal.map { Modal(style: $0.style, node: map($0.node, transform)) }
        return NavigationNode(id: node.id, content: content, modal: modal)
    }
}

/// Caps the events sent per window; above the cap, events are held and coalesced.
struct RateCap {
    let limit: Int
    let window: Duration
    private(set) var windowStart: ContinuousClock.Instant?
    private(set) var sentInWindow = 0

    init(limit: Int, window: Duration = .seconds(1)) {
        self.limit = max(1, limit)
        self.window = window
    }

    /// Whether an event may be sent at `now`; counts it when it may.
    mutating func admit(at now: ContinuousClock.Instant) -> Bool {
        if let start = windowStart, now - start < window {
            guard sentInWindow < limit else { return false }
            sentInWindow += 1
            return true
        }
        windowStart = now
        sentInWindow = 1
        return true
    }

    /// When the current window ends, and a held event may go.
    var windowEnd: ContinuousClock.Instant? { windowStart.map { $0 + window } }
}
#endif
