import DestinationsInspector
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import NIOPosix
import Testing

@testable import destinations_inspector

/// Deadlines on what a connection owes the server: its headers, and an app socket's hello.
/// A connection that misses them is closed, so that silent sockets cannot hold the server's
/// file descriptors.
@Suite struct ConnectionDeadlineTests {
    let token = "0123456789abcdef"
    let limits = ConnectionLimits(headers: .milliseconds(300), idle: .seconds(30), hello: .milliseconds(300))

    /// Runs a live server with short deadlines and hands `test` its port.
    func withServer(_ test: @escaping @Sendable (Int, any TestClientProtocol) async throws -> Void) async throws {
        let hub = Hub(graphviz: Graphviz(executable: nil))
        let router = makeRouter(hub: hub, page: try Page(), token: token, connection: limits)
        let app = Application(
            router: router,
            server: .inspector(router: router, frameBytes: InspectorWire.messageBytes, limits: limits),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in try await test(try #require(client.port), client) }
    }

    /// Opens a TCP connection, writes `bytes` one at a time `every` apart (none: it stays
    /// silent), and returns once the server closes it.
    static func connection(port: Int, bytes: [UInt8] = [], every interval: Duration = .milliseconds(100)) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        let writer = Task {
            for byte in bytes {
                try await Task.sleep(for: interval)
                try await channel.writeAndFlush(ByteBuffer(bytes: [byte])).get()
            }
        }
        try await channel.closeFuture.get()
        writer.cancel()
    }

    /// A socket that never sends a byte is closed once the header deadline passes.
    @Test(.timeLimit(.minutes(1))) func aSilentSocketIsClosed() async throws {
        try await withServer { port, _ in try await Self.connection(port: port) }
    }

    /// Headers sent a byte at a time, never ending within the deadline, are cut off.
    @Test(.timeLimit(.minutes(1))) func headersTrickledAByteAtATimeAreCutOff() async throws {
        let request = Array("GET /ping?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        try await withServer { port, _ in
            try await Self.connection(port: port, bytes: request + Array(repeating: UInt8(ascii: "a"), count: 600))
        }
    }

    /// Headers that arrive in time are served: the deadline covers only their arrival.
    @Test(.timeLimit(.minutes(1))) func headersInTimeAreServed() async throws {
        try await withServer { _, client in
            try await client.execute(
                uri: "/ping?token=\(token)", method: .get, headers: [.init("Host")!: "127.0.0.1:8765"]
            ) { #expect($0.status == .noContent) }
        }
    }

    /// An app socket that opens and says nothing is closed past the hello deadline.
    @Test(.timeLimit(.minutes(1))) func anAppSocketWithoutAHelloIsClosed() async throws {
        try await withServer { _, client in
            // Returning at all is the check: the socket ends only when the server closes it
            // (the time limit fails the test otherwise).
            _ = try await client.ws("/app?token=\(token)") { inbound, _, _ in
                for try await _ in inbound.messages(maxSize: 1 << 16) {}
            }
        }
    }
}
