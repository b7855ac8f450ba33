import DestinationsInspector
import Foundation
import Hummingbird
import HummingbirdWebSocket

// The Flow Inspector's server: serves the page, relays sessions between apps and pages, and
// draws each app's flow graph with Graphviz.
//
//   swift run -c release --package-path Inspector destinations-inspector [--host H] [--port P] [--token T]

/// Prints a line at once, even into a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

// Writing to a Graphviz process that was ended reports an error instead of ending the server.
signal(SIGPIPE, SIG_IGN)

let options: Options
do {
    options = try Options(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("destinations-inspector: \(error)\n".utf8))
    exit(2)
}
let graphviz = Graphviz()
let hub = Hub(graphviz: graphviz)
// An app that crashed or was killed is shown disconnected within the idle limit.
await hub.startSweeping()
let graphvizPath = graphviz.executable
let router = makeRouter(hub: hub, page: try Page(), token: options.token, host: options.host)
if options.host != "127.0.0.1" && options.host != "localhost" && options.host != "::1" {
    say(
        "warning: listening on \(options.host): anyone on the network who has the token can watch and restore this app's navigation"
    )
}
let host = options.host
// The token is letters, digits and -_.~ (Options checks it); encoded all the same.
let token =
    options.token.addingPercentEncoding(
        withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))) ?? options.token
let app = Application(
    router: router,
    // Frames up to the wire's one limit, shared with the client; deadlines on headers and hellos.
    server: .inspector(router: router, frameBytes: InspectorWire.messageBytes),
    configuration: .init(address: .hostname(options.host, port: options.port), serverName: "destinations-inspector"),
    onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        say("Destinations Inspector")
        say("  page:   http://\(host):\(port)/?token=\(token)")
        say("  app:    DESTINATIONS_INSPECTOR=http://\(host):\(port) DESTINATIONS_INSPECTOR_TOKEN=\(options.token)")
        say("  graph:  \(graphvizPath.map { "Graphviz (\($0))" } ?? "Mermaid text (install Graphviz for drawings)")")
    }
)
try await app.runService()
// Stopped (SIGINT or SIGTERM): no Graphviz run outlives the server.
await hub.stop()
