import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the inspector's routes: Hummingbird's WebSocket context, and the
/// connection's channel, so that a socket that never says hello, or a page that stopped
/// reading, can be closed outright (a close frame would wait behind what the page does not
/// read).
struct InspectorContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
