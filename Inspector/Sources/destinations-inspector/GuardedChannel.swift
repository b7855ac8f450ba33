import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// How long a connection may take before the server gives up on it.
struct ConnectionLimits: Sendable {
    /// From the connection's first byte (or its opening, if it sends none) to the end of its
    /// first request's headers: a socket that stays silent, or sends its headers a byte at a
    /// time, is closed past it.
    var headers: Duration = .seconds(10)
    /// How long a kept-alive HTTP connection may wait between requests.
    var idle: Duration = .seconds(30)
    /// From an app's socket opening to its hello.
    var hello: Duration = .seconds(5)
    /// From a hello's request headers to the end of its body.
    var helloBody: Duration = .seconds(10)
}

/// Hummingbird's HTTP/1 channel with WebSocket upgrades, with a deadline on the first
/// request's headers in front of it: Hummingbird has none, so a silent socket or one that
/// trickles its headers would hold a file descriptor for ever.
struct GuardedChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let inner: HTTP1WebSocketUpgradeChannel
    let headers: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let headers = headers
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(HeaderDeadlineHandler(limit: headers), position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes a connection whose first request's headers (up to the blank line that ends them)
/// have not arrived within the limit, then steps out of the pipeline.
final class HeaderDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: Duration
    private var deadline: Scheduled<Void>?
    /// The last bytes read, to find a blank line split over two reads.
    private var tail: [UInt8] = []

    init(limit: Duration) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(limit)) {
            channel.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let bytes = tail + buffer.readableBytesView
        let ended =
            bytes.count >= 4
            && (0...(bytes.count - 4)).contains { index in
                bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10
            }
        tail = Array(bytes.suffix(3))
        context.fireChannelRead(data)
        if ended {
            deadline?.cancel()
            deadline = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades on `router`, frames up to the wire's limit, and the
    /// deadlines of `limits`.
    static func inspector(
        router: Router<InspectorContext>, frameBytes: Int, limits: ConnectionLimits = ConnectionLimits()
    ) -> HTTPServerBuilder {
        let responder = router.buildResponder()
        return HTTPServerBuilder { httpResponder in
            GuardedChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: httpResponder,
                    webSocketResponder: responder,
                    configuration: .init(
                        http1: .init(idleTimeout: TimeAmount(limits.idle)),
                        ws: .init(maxFrameSize: frameBytes, closeTimeout: .seconds(5))
                    )
                ),
                headers: limits.headers
            )
        }
    }
}
