import Destinations
import DestinationsInspector
import Foundation
import NotesApp

// `swift run NotesExample --inspect [http://127.0.0.1:8765] [--token T] [--delay ms] [--churn n] [--interval ms]`
//
// Runs the walkthrough connected to the Flow Inspector, with a pause of `--delay` after each
// step, then `--churn` quick tab, push and back changes `--interval` apart, and keeps running
// so that the inspector can restore states into it. The address and token fall back to
// DESTINATIONS_INSPECTOR and DESTINATIONS_INSPECTOR_TOKEN. After each restore it prints the
// state and how many screens kept their Destination.

/// Writes a line at once, even into a pipe.
func report(_ line: String) {
    // `print` buffers when the output is a pipe: flush it first, so that lines never mix.
    fflush(nil)  // every output stream
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct InspectOptions {
    var url: URL?
    var token: String?
    var delay: Duration = .milliseconds(300)
    var churn = 0
    var interval: Duration = .milliseconds(25)

    init(arguments: [String], environment: [String: String]) {
        url = environment["DESTINATIONS_INSPECTOR"].flatMap(URL.init(string:))
        token = environment["DESTINATIONS_INSPECTOR_TOKEN"]
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--token": token = iterator.next()
            case "--delay": delay = .milliseconds(iterator.next().flatMap(Int.init) ?? 300)
            case "--churn": churn = iterator.next().flatMap(Int.init) ?? 0
            case "--interval": interval = .milliseconds(iterator.next().flatMap(Int.init) ?? 25)
            default:
                if let parsed = URL(string: argument), parsed.scheme != nil { url = parsed }
            }
        }
    }
}

@MainActor
func inspect(arguments: [String]) async throws {
    let options = InspectOptions(arguments: arguments, environment: ProcessInfo.processInfo.environment)
    guard let url = options.url, let token = options.token else {
        report(
            "usage: NotesExample --inspect http://127.0.0.1:8765 --token T (or DESTINATIONS_INSPECTOR and DESTINATIONS_INSPECTOR_TOKEN)"
        )
        exit(2)
    }
    let datasource = NotesDatasource()
    let configuration = InspectorConfiguration(
        url: url,
        token: token,
        app: "NotesExample",
        testSetup: .init(
            module: "NotesApp",
            layout: "NotesAppConfiguration.layout",
            providers: "NotesAppConfiguration.providers(datasource: NotesDatasource())"
        )
    )
    var inspector: FlowInspector<AppRoute>?
    let flow = try await walkthrough(datasource: datasource, pause: options.delay) { flow in
        let client = FlowInspector(
            flow: flow,
            configuration: configuration,
            graph: FlowGraph(
                NotesAppConfiguration.layout, providers: NotesAppConfiguration.providers(datasource: datasource)),
            router: try NotesAppConfiguration.makeRouter()
        )
        inspector = client
        watchRestores(flow)
        client.connect()
        // Start the story once the inspector has the session, so that it sees every step.
        for _ in 0..<200 where client.status != .connected {
            try await Task.sleep(for: .milliseconds(25))
        }
        report("inspector: \(client.status == .connected ? "connected" : "not connected yet") to \(url.absoluteString)")
    }
    let moves: [Presentation<AppRoute>] = [
        .selectTab(.counter), .selectTab(.settings), .push(.about), .back, .selectTab(.notes),
    ]
    for step in 0..<options.churn {
        // `.back` is made as the user makes it: a swipe back, reported by a renderer.
        if case .back = moves[step % moves.count] {
            swipeBack(flow)
        } else {
            _ = try? flow.apply(moves[step % moves.count])
        }
        try await Task.sleep(for: options.interval)
    }
    try await flow.settle()
    report("walkthrough done")
    report("state:\n\(flow.state.rendered())\nend state")
    // Keep running, applying the inspector's restores, until stopped.
    while inspector != nil {
        try await Task.sleep(for: .seconds(3600))
    }
}

/// Swipes back from the focused screen, as a renderer reports it: a user action.
@MainActor
func swipeBack(_ flow: Flow<AppRoute>) {
    let focused = flow.state.focusedScreen.id
    guard let stack = flow.state.stack(containing: focused), let elements = stack.stack?.elements, elements.count > 1
    else { return }
    _ = try? flow.apply(UserAction.popped(stack: stack.id, to: elements[elements.count - 2].id))
}

/// Prints each restored state, and how many of its screens kept their Destination.
@MainActor
func watchRestores(_ flow: Flow<AppRoute>) {
    let events = flow.events()
    Task { @MainActor in
        // The Destinations themselves, not their ObjectIdentifiers: an identifier of an object
        // that was freed can be reused by a new one, which would count as kept.
        var destinations = flow.destinations
        for await event in events {
            let now = flow.destinations
            if case .restore = event.cause {
                let kept = now.filter { destinations[$0.key] === $0.value }.count
                report("restored:\n\(event.state.rendered())\nend state")
                report("kept \(kept) of \(now.count) screens' Destinations")
            }
            destinations = now
        }
    }
}
