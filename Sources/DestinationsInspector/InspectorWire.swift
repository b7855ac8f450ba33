/// The Flow Inspector's wire limits, stated once: the client checks what it sends against
/// them, and the inspector's server (the nested `Inspector/` package, which imports this
/// module) sets its WebSocket frame limit and its per-message limit from them.
///
/// Compiled in every build, release included: they are constants, not a working client.
public enum InspectorWire {
    /// The largest message either side takes, in bytes (8 MiB): one WebSocket frame, or one
    /// line of an HTTP batch. A state of 10,000 screens is about 2 MiB. The client does not
    /// send a message over it; it reports it (``FlowInspector/messageRefusals``) instead, and
    /// the server refuses one with this reason.
    public static let messageBytes = 8 << 20

    /// Why a message of `bytes` bytes is not sent, as the client and the server both say it.
    public static func tooLarge(_ bytes: Int) -> String {
        "\(bytes) bytes, more than the \(messageBytes) a message may have"
    }
}
