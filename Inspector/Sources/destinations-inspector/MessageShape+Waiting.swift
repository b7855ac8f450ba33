import Foundation

extension MessageShape {
    /// The most items a `waiting` message may list.
    static let waitingItems = 64

    /// Checks a `waiting` message — what the app's flow waits on now — and returns the part
    /// pages get: its `items` (each with `id`, `kind`, `name`, `cause` and `ageMillis`) and
    /// `more`, the items the app left out. An empty list clears what pages show.
    static func checkWaiting(_ message: [String: Any]) throws(Mismatch) -> [String: Any] {
        let items = try array(message["items"], "items", max: waitingItems)
        var checked: [[String: Any]] = []
        for (index, value) in items.enumerated() {
            let item = try object(value, "items[\(index)]")
            checked.append([
                "id": try integer(item["id"], "items[\(index)].id", range: 0...safeInteger),
                "kind": try string(item["kind"], "items[\(index)].kind"),
                "name": try string(item["name"], "items[\(index)].name"),
                "cause": try string(item["cause"], "items[\(index)].cause"),
                "ageMillis": try integer(item["ageMillis"], "items[\(index)].ageMillis", range: 0...safeInteger),
            ])
        }
        let more = try integer(message["more"] ?? 0, "more", range: 0...safeInteger)
        return ["items": checked, "more": more]
    }
}
