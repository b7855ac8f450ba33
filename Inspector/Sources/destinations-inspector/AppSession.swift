import Foundation

/// One app's session as the hub keeps it: its hello, every event it sent (as the hub wrote it
/// again, never decoded into the app's types), the requests waiting for it, and its graph.
struct AppSession {
    /// The session's number, as pages know it.
    let id: Int
    /// The current connection's key: random, unguessable, new for every hello, and known only
    /// to that connection. The app's paths carry it, and a hello that resumes the session must
    /// name it; a key of an older connection, or of an earlier run of the server, is refused.
    var key: String
    /// The hello as pages see it: checked, without the key it resumed with.
    var hello: [String: Any]
    /// The events, each as JSON text the hub wrote.
    var log: [String] = []
    /// The bytes of `log`.
    var logBytes = 0
    /// How many of the oldest events the log let go: the event numbered `index` (its place in
    /// the session since it opened, as pages know it) is `log[index - trimmed]`.
    var trimmed = 0
    /// How many of the app's messages were refused.
    var refused = 0
    var connected = true
    /// Whether the app is connected over a socket: its command loop always waits, so only its
    /// messages (a heartbeat every second) say it is there.
    var socket = false
    /// Batches of messages arriving now: the app is there while one does.
    var receiving = 0
    /// When the app last showed it is there: a message, or (over HTTP) a poll begun or ended.
    /// An app not seen within the hub's idle limit is taken for gone.
    var lastSeen: ContinuousClock.Instant = .now
    var commands: [String] = []
    /// The sequence numbers of the states restores were asked for, oldest first: the app's
    /// next restore events are named after them.
    var restoring: [Int] = []
    /// The one long poll (an HTTP request, or a socket's command loop) waiting for requests;
    /// nil ends it: its connection was superseded or said bye.
    var poller: (id: Int, continuation: CheckedContinuation<[String]?, Never>)?
    /// The graph as pages get it: `svg`, `mermaid`, `legend`, `note`.
    var graph: [String: Any]?
    /// What the app's flow waits on (`items`, `more`), while it waits: nil when nothing.
    var waiting: [String: Any]?
    /// The DOT of the graph last drawn (or being drawn): the same graph is not drawn again.
    var drawnDot: String?

    init(id: Int, key: String, hello: [String: Any], socket: Bool = false) {
        self.id = id
        self.key = key
        self.hello = hello
        self.socket = socket
    }
}
