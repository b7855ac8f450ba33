import Foundation

/// Runs Graphviz `dot`, bounded: the DOT it is given is written by the hub (``GraphDrawing``),
/// never an app's; it gets at most ``timeLimit`` and its drawing at most ``outputLimit``
/// bytes; a session runs one at a time (a newer graph ends the older run); the server runs at
/// most ``runLimit`` at once (1, at a lower priority with `nice`: `dot` is bound by the
/// processor, and events to pages must not wait for it), with at most ``queueLimit``
/// sessions waiting their turn, and skips a drawing past that, saying why; and every run ends
/// with the server (``stopAll()``). Where coreutils' `timeout` is installed, `dot` runs under
/// it too, so that it ends in time even if the server is killed outright.
actor Graphviz {
    /// Why there is no drawing.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case notInstalled
        case timedOut(Duration)
        case outputTooLarge(Int)
        case failed(Int32)
        case superseded
        /// As many runs as the server allows are under way, and as many sessions wait.
        case busy(runs: Int, waiting: Int)

        var description: String {
            switch self {
            case .notInstalled: "Graphviz is not installed"
            case .timedOut(let limit): "Graphviz took longer than \(limit)"
            case .outputTooLarge(let limit): "the drawing is larger than \(limit) bytes"
            case .failed(let status): "Graphviz failed (status \(status))"
            case .superseded: "a newer graph replaced it"
            case .busy(let runs, let waiting):
                "\(runs) Graphviz runs are under way and \(waiting) wait, the server's limits; the app's next graph draws it"
            }
        }
    }

    nonisolated let executable: String?
    let timeLimit: Duration
    let outputLimit: Int
    /// The most runs under way at once, over every session.
    let runLimit: Int
    /// The most sessions waiting for a run; a drawing past it is skipped (``Failure/busy``).
    let queueLimit: Int
    private let timeout: String?
    /// `nice`, which runs `dot` at a lower priority than the server's relaying.
    private let nice: String?
    /// GNU `env`, which runs `timeout` and `dot` with SIGTERM's default action.
    private let defaultSignal: String?
    private var running: [Int: Process] = [:]
    private var stopped = false
    /// Runs admitted and not yet ended (some may be starting): never more than ``runLimit``.
    private var admitted = 0
    /// The sessions waiting for a run, oldest first; resumed with true when their turn comes,
    /// false when a newer graph of theirs or the server's end takes it away.
    private var waiting: [(session: Int, turn: CheckedContinuation<Bool, Never>)] = []

    init(
        executable: String? = Graphviz.find("dot"), timeLimit: Duration = .seconds(5), outputLimit: Int = 8 << 20,
        runLimit: Int = 1, queueLimit: Int = 16
    ) {
        self.executable = executable
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
        self.runLimit = max(1, runLimit)
        self.queueLimit = max(0, queueLimit)
        timeout = Graphviz.find("timeout")
        nice = Graphviz.find("nice")
        defaultSignal = Graphviz.find("env").flatMap { env in
            Graphviz.accepts(env, ["--default-signal=TERM", "true"]) ? env : nil
        }
    }

    /// Whether a program runs with these arguments and succeeds.
    static func accepts(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// The first executable of that name on the path.
    static func find(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// How many runs are under way.
    var runs: Int { running.count }

    /// How many sessions wait for a run.
    var queued: Int { waiting.count }

    /// Draws `dot` as SVG for a session; a run or a wait of the same session ends. Waits for
    /// its turn when ``runLimit`` runs are under way, and is skipped (``Failure/busy``) when
    /// ``queueLimit`` sessions already wait.
    func svg(_ dot: String, session: Int) async -> Result<String, Failure> {
        guard executable != nil, !stopped else { return .failure(.notInstalled) }
        running.removeValue(forKey: session)?.terminate()
        if let index = waiting.firstIndex(where: { $0.session == session }) {
            waiting.remove(at: index).turn.resume(returning: false)
        }
        if admitted >= runLimit {
            guard waiting.count < queueLimit else { return .failure(.busy(runs: admitted, waiting: waiting.count)) }
            let turn = await withCheckedContinuation { waiting.append((session, $0)) }
            // A turn handed over keeps its admission; a wait taken away has none.
            guard turn else { return .failure(stopped ? .notInstalled : .superseded) }
        } else {
            admitted += 1
        }
        defer { release() }
        guard let executable, !stopped else { return .failure(.notInstalled) }
        return await run(dot, session: session, executable: executable)
    }

    /// A run ended: its admission goes to the oldest session waiting, or is given back.
    private func release() {
        if !stopped, !waiting.isEmpty {
            waiting.removeFirst().turn.resume(returning: true)
        } else {
            admitted -= 1
        }
    }

    private func run(_ dot: String, session: Int, executable: String) async -> Result<String, Failure> {
        let process = Process()
        let seconds = max(1, Int(timeLimit.components.seconds))
        // `dot` at a lower priority: on a machine of two cores, pages' events come first.
        let command = nice.map { [$0, "-n", "10", executable] } ?? [executable]
        if let timeout {
            process.executableURL = URL(fileURLWithPath: timeout)
            // `--foreground`: a `timeout` sent a signal passes it to its `dot` alone, never to its
            // process group, which holds the server's other runs.
            process.arguments = ["--foreground", "-k", "1", "\(seconds)"] + command + ["-Tsvg"]
            if let defaultSignal {
                // The server ignores SIGTERM (it takes it as a signal to stop), and an ignored
                // signal stays ignored in its children: `dot` gets it back, so that ending a run
                // ends it at once.
                process.executableURL = URL(fileURLWithPath: defaultSignal)
                process.arguments = ["--default-signal=TERM", timeout] + (process.arguments ?? [])
            }
        } else {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = command.dropFirst() + ["-Tsvg"]
        }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(.failed(-1))
        }
        running[session] = process
        let limit = outputLimit
        let deadline = Task { [timeLimit] in
            try? await Task.sleep(for: timeLimit)
            if !Task.isCancelled, process.isRunning { process.terminate() }
        }
        let started = ContinuousClock.now
        let result: (Data, Bool) = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                // `dot` may be ended mid-write (a newer graph, a timeout): a broken pipe is an
                // error here, never a trap.
                try? input.fileHandleForWriting.write(contentsOf: Data(dot.utf8))
                try? input.fileHandleForWriting.close()
            }
            DispatchQueue.global().async {
                var data = Data()
                var tooLarge = false
                while true {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                    if data.count > limit {
                        tooLarge = true
                        process.terminate()
                        break
                    }
                }
                process.waitUntilExit()
                continuation.resume(returning: (data, tooLarge))
            }
        }
        deadline.cancel()
        let current = running[session] === process
        if current { running[session] = nil }
        if result.1 { return .failure(.outputTooLarge(limit)) }
        guard current else { return .failure(.superseded) }
        if process.terminationReason == .uncaughtSignal || process.terminationStatus == 124
            || process.terminationStatus == 137
        {
            return .failure(
                ContinuousClock.now - started >= timeLimit ? .timedOut(timeLimit) : .failed(process.terminationStatus))
        }
        guard process.terminationStatus == 0 else { return .failure(.failed(process.terminationStatus)) }
        return .success(String(decoding: result.0, as: UTF8.self))
    }

    /// Ends a session's run, if one is under way.
    func stop(session: Int) {
        running.removeValue(forKey: session)?.terminate()
    }

    /// Ends every run, and starts no more: the server is stopping.
    func stopAll() {
        stopped = true
        for entry in waiting { entry.turn.resume(returning: false) }
        waiting.removeAll()
        for process in running.values where process.isRunning { process.terminate() }
        running.removeAll()
    }
}
