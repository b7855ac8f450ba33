import Foundation

/// Runs Graphviz `dot`, bounded: the DOT it is given is written by the hub (``GraphDrawing``),
/// never an app's; it gets at most ``timeLimit`` and its drawing at most ``outputLimit``
/// bytes; a session runs one at a time (a newer graph ends the older run); and every run ends
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

        var description: String {
            switch self {
            case .notInstalled: "Graphviz is not installed"
            case .timedOut(let limit): "Graphviz took longer than \(limit)"
            case .outputTooLarge(let limit): "the drawing is larger than \(limit) bytes"
            case .failed(let status): "Graphviz failed (status \(status))"
            case .superseded: "a newer graph replaced it"
            }
        }
    }

    nonisolated let executable: String?
    let timeLimit: Duration
    let outputLimit: Int
    private let timeout: String?
    private var running: [Int: Process] = [:]
    private var stopped = false

    init(executable: String? = Graphviz.find("dot"), timeLimit: Duration = .seconds(5), outputLimit: Int = 8 << 20) {
        self.executable = executable
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
        timeout = Graphviz.find("timeout")
    }

    /// The first executable of that name on the path.
    static func find(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// How many runs are under way.
    var runs: Int { running.count }

    /// Draws `dot` as SVG for a session; a run of the same session still under way ends.
    func svg(_ dot: String, session: Int) async -> Result<String, Failure> {
        guard let executable, !stopped else { return .failure(.notInstalled) }
        running.removeValue(forKey: session)?.terminate()
        let process = Process()
        let seconds = max(1, Int(timeLimit.components.seconds))
        if let timeout {
            process.executableURL = URL(fileURLWithPath: timeout)
            process.arguments = ["-k", "1", "\(seconds)", executable, "-Tsvg"]
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-Tsvg"]
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
        for process in running.values where process.isRunning { process.terminate() }
        running.removeAll()
    }
}
