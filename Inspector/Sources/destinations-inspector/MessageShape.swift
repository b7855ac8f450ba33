import Foundation

/// The shapes of the messages apps and pages send. A message that does not fit is refused
/// with a reason that names the member at fault (`cause.kind: expected a string`), and never
/// reaches a page: a page only draws messages that fit.
enum MessageShape {
    /// Why a message was refused.
    struct Mismatch: Error, Equatable, CustomStringConvertible {
        let path: String
        let expected: String
        var description: String { "\(path.isEmpty ? "message" : path): expected \(expected)" }
    }

    /// The largest integer a page's JavaScript holds exactly: ids and numbers beyond it are
    /// refused instead of silently rounded.
    static let safeInteger = 9_007_199_254_740_991
    /// The longest text of a name (an app, a scene, a route, a kind).
    static let nameLength = 500

    // MARK: Values

    static func isBool(_ value: Any?) -> Bool {
        // JSON's true and false come as NSNumbers of type `c`; JSON numbers never do.
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func integer(
        _ value: Any?, _ path: @autoclosure () -> String, range: ClosedRange<Int> = -safeInteger...safeInteger
    ) throws(Mismatch) -> Int {
        guard let number = value as? NSNumber, !isBool(number), let int = value as? Int, range.contains(int)
        else { throw Mismatch(path: path(), expected: "an integer in \(range.lowerBound)...\(range.upperBound)") }
        return int
    }

    static func string(_ value: Any?, _ path: @autoclosure () -> String, max: Int = nameLength) throws(Mismatch)
        -> String
    {
        guard let text = value as? String, text.utf8.count <= max else {
            throw Mismatch(path: path(), expected: "a string of at most \(max) bytes")
        }
        return text
    }

    static func optionalString(_ value: Any?, _ path: @autoclosure () -> String, max: Int = nameLength) throws(Mismatch)
    {
        if value == nil || value is NSNull { return }
        _ = try string(value, path(), max: max)
    }

    static func object(_ value: Any?, _ path: @autoclosure () -> String) throws(Mismatch) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw Mismatch(path: path(), expected: "an object") }
        return object
    }

    static func array(_ value: Any?, _ path: @autoclosure () -> String, max: Int = 100_000) throws(Mismatch) -> [Any] {
        guard let array = value as? [Any], array.count <= max else {
            throw Mismatch(path: path(), expected: "an array of at most \(max) items")
        }
        return array
    }

    static func bool(_ value: Any?, _ path: @autoclosure () -> String) throws(Mismatch) {
        guard isBool(value) else { throw Mismatch(path: path(), expected: "true or false") }
    }

    // MARK: App messages

    /// An app's hello: who it is, whether it restores, its graph and test setup.
    static func checkHello(_ hello: [String: Any]) throws(Mismatch) {
        guard hello["type"] as? String == "hello" else { throw Mismatch(path: "type", expected: "\"hello\"") }
        _ = try integer(hello["protocol"] ?? 1, "protocol", range: 0...1_000)
        _ = try string(hello["app"] ?? "app", "app")
        _ = try string(hello["scene"] ?? "main", "scene")
        _ = try integer(hello["pid"] ?? 0, "pid", range: 0...Int(Int32.max))
        try optionalString(hello["platform"], "platform")
        try optionalString(hello["routeType"], "routeType")
        try optionalString(hello["resume"], "resume", max: 64)
        if let restore = hello["canRestore"] { try bool(restore, "canRestore") }
        if let graph = hello["graph"], !(graph is NSNull) { try checkGraph(graph, "graph") }
        if let setup = hello["testSetup"], !(setup is NSNull) {
            let setup = try object(setup, "testSetup")
            for name in ["module", "layout", "providers"] {
                try optionalString(setup[name], "testSetup.\(name)", max: 4_000)
            }
        }
    }

    /// A flow graph as a client sends it: names, and edges between them.
    static func checkGraph(_ value: Any, _ path: String) throws(Mismatch) {
        let graph = try object(value, path)
        for name in ["routes", "entryRoutes", "unreachable"] {
            if let list = graph[name] {
                for (i, item) in try array(list, "\(path).\(name)").enumerated() {
                    _ = try string(item, "\(path).\(name)[\(i)]")
                }
            }
        }
        if let edges = graph["edges"] {
            for (i, item) in try array(edges, "\(path).edges").enumerated() {
                let edge = try object(item, "\(path).edges[\(i)]")
                for name in ["from", "to", "event", "presentation"] {
                    _ = try string(edge[name], "\(path).edges[\(i)].\(name)")
                }
                if let observed = edge["observed"] { try bool(observed, "\(path).edges[\(i)].observed") }
            }
        }
        try optionalString(graph["mermaid"], "\(path).mermaid", max: 1 << 20)
        try optionalString(graph["dot"], "\(path).dot", max: 1 << 20)
    }

    /// The members of an event the hub writes itself: an app that sends one is refused, so
    /// that nothing an app claims reaches a page as the server's word.
    static let serverMembers = ["stateText", "restoredSeq", "index", "relayT", "arrived"]

    /// One flow event: its cause, changes, tree, focus and state.
    static func checkEvent(_ event: [String: Any]) throws(Mismatch) {
        for name in serverMembers where event[name] != nil {
            throw Mismatch(path: name, expected: "no \(name): the inspector writes it")
        }
        _ = try integer(event["seq"], "seq", range: 0...safeInteger)
        if let t = event["t"] { _ = try integer(t, "t", range: 0...safeInteger) }
        if let skipped = event["skipped"] { _ = try integer(skipped, "skipped", range: 0...safeInteger) }
        let cause = try object(event["cause"], "cause")
        _ = try string(cause["kind"], "cause.kind", max: 64)
        for name in ["summary", "description"] { try optionalString(cause[name], "cause.\(name)", max: 64 << 10) }
        for name in ["name", "route", "presentation", "source"] {
            try optionalString(cause[name], "cause.\(name)", max: 4 << 10)
        }
        if let from = cause["from"] { _ = try integer(from, "cause.from") }
        try optionalString(cause["replay"], "cause.replay", max: 16)
        if let action = cause["action"], !(action is NSNull) {
            let action = try object(action, "cause.action")
            _ = try string(action["case"], "cause.action.case", max: 32)
            for name in ["stack", "to", "modal", "tabs", "showing"] where action[name] != nil {
                _ = try integer(action[name], "cause.action.\(name)", range: 0...safeInteger)
            }
            try optionalString(action["tab"], "cause.action.tab")
        }
        if let edge = cause["edge"], !(edge is NSNull) {
            let edge = try object(edge, "cause.edge")
            for name in ["from", "to", "event"] { _ = try string(edge[name], "cause.edge.\(name)", max: 4 << 10) }
        }
        let changes = try object(event["changes"], "changes")
        for name in ["added", "removed"] {
            for (i, item) in try array(changes[name], "changes.\(name)").enumerated() {
                let entry = try object(item, "changes.\(name)[\(i)]")
                _ = try integer(entry["id"], "changes.\(name)[\(i)].id")
                _ = try string(entry["label"], "changes.\(name)[\(i)].label", max: 64 << 10)
            }
        }
        for name in ["touched", "removedIDs"] where changes[name] != nil || name == "touched" {
            for (i, item) in try array(changes[name], "changes.\(name)").enumerated() {
                _ = try integer(item, "changes.\(name)[\(i)]")
            }
        }
        try checkNode(event["tree"], "tree")
        _ = try integer(event["focused"], "focused")
        for (i, item) in try array(event["visible"] ?? [], "visible").enumerated() {
            _ = try integer(item, "visible[\(i)]")
        }
        _ = try string(event["rendered"], "rendered", max: 4 << 20)
        try optionalString(event["url"], "url", max: 64 << 10)
        if let state = event["state"], !(state is NSNull) { _ = try object(state, "state") }
        if let refusal = event["refusal"], !(refusal is NSNull) {
            let refusal = try object(refusal, "refusal")
            _ = try string(refusal["code"], "refusal.code", max: 4 << 10)
            try optionalString(refusal["message"], "refusal.message", max: 64 << 10)
        }
        if let timing = event["timing"], !(timing is NSNull) {
            let timing = try object(timing, "timing")
            for (name, value) in timing { _ = try integer(value, "timing.\(name)", range: 0...safeInteger) }
        }
    }

    /// A node of an event's tree, and every node under it.
    static func checkNode(_ value: Any?, _ path: String) throws(Mismatch) {
        let node = try object(value, path)
        _ = try integer(node["id"], "\(path).id")
        _ = try string(node["kind"], "\(path).kind", max: 64)
        try optionalString(node["label"], "\(path).label", max: 64 << 10)
        try optionalString(node["name"], "\(path).name", max: 4 << 10)
        if let children = node["children"] {
            for (i, child) in try array(children, "\(path).children").enumerated() {
                try checkNode(child, "\(path).children[\(i)]")
            }
        }
        if let tabs = node["tabs"] {
            try optionalString(node["selected"], "\(path).selected")
            for (i, item) in try array(tabs, "\(path).tabs").enumerated() {
                let tab = try object(item, "\(path).tabs[\(i)]")
                _ = try string(tab["id"], "\(path).tabs[\(i)].id")
                try checkNode(tab["node"], "\(path).tabs[\(i)].node")
            }
        }
        if let columns = node["columns"] {
            for (i, item) in try array(columns, "\(path).columns").enumerated() {
                let column = try object(item, "\(path).columns[\(i)]")
                _ = try string(column["column"], "\(path).columns[\(i)].column")
                try checkNode(column["node"], "\(path).columns[\(i)].node")
            }
        }
        if let modal = node["modal"], !(modal is NSNull) {
            let modal = try object(modal, "\(path).modal")
            _ = try string(modal["style"], "\(path).modal.style")
            if let overlay = modal["overlay"] { try bool(overlay, "\(path).modal.overlay") }
            try checkNode(modal["node"], "\(path).modal.node")
        }
    }

    /// An app's answer to a request.
    static func checkResult(_ result: [String: Any]) throws(Mismatch) {
        if let request = result["request"], !(request is NSNull) {
            _ = try integer(request, "request", range: 0...safeInteger)
        }
        try bool(result["ok"], "ok")
        try optionalString(result["kind"], "kind", max: 64)
        try optionalString(result["outcome"], "outcome", max: 64 << 10)
        if let error = result["error"], !(error is NSNull) {
            let error = try object(error, "error")
            _ = try string(error["code"], "error.code", max: 4 << 10)
            try optionalString(error["message"], "error.message", max: 64 << 10)
        }
    }
}
