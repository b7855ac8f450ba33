#if DEBUG || InspectorInRelease
import Destinations

extension InspectorEncoder {
    /// The most waits one `waiting` message lists; the rest are counted in `more`.
    static var waitingItemLimit: Int { 32 }
    /// The longest cause summary a `waiting` message carries, in characters.
    static var waitingCauseLimit: Int { 200 }

    /// The `waiting` message: what the flow waits on now (empty when nothing), each item's
    /// kind, name, cause and age in milliseconds on the flow's clock. With redaction, a cause
    /// is its kind of request alone, as its values may be what the app hides.
    func waiting(_ items: [Flow<Route>.WaitingWork], now: ContinuousClock.Instant) -> [String: Any] {
        let shown = items.prefix(Self.waitingItemLimit).map { item -> [String: Any] in
            let cause = redact == nil ? item.cause : String(item.cause.prefix { $0 != "(" && $0 != " " })
            return [
                "id": Int(clamping: item.id),
                "kind": item.kind.rawValue,
                "name": String(item.name.prefix(Self.waitingCauseLimit)),
                "cause": String(cause.prefix(Self.waitingCauseLimit)),
                "ageMillis": max(0, TransactionClock<Route>.micros(now - item.since) / 1000),
            ]
        }
        return ["type": "waiting", "items": shown, "more": items.count - shown.count]
    }
}
#endif
