public import Foundation

/// A stable text record of a test's steps and the state after each, to compare with a golden
/// file committed next to the tests.
///
/// ```
/// ## 1. send select to NotesList with Note(id: 1, …) (notes #3)
/// tabs #1 (selected: notes)
///   [notes] stack #2
///     notes #3
///     note(id: 1) #7 ◀
///   [settings] stack #4
///     settings #5
/// ```
///
/// A ``FlowHarness`` keeps one (``FlowHarness/transcript``) and checks it with
/// ``FlowHarness/assertTranscript(named:bundle:directory:fileID:filePath:line:column:)``.
/// The golden file is `Transcripts/<name>.txt` beside the test file. When it is missing it is
/// written and the test fails once; when it differs the failure shows the diff. To re-record
/// every transcript after an intended change, run the tests with ``recordVariable`` set:
/// `DESTINATIONS_RECORD=1 swift test`.
public struct Transcript: Sendable, Hashable, CustomStringConvertible {
    /// One step and the state after it.
    public struct Entry: Sendable, Hashable {
        /// The step's number; 0 is the start.
        public let step: Int
        /// The step as written.
        public let action: String
        /// The state after the step, rendered, or why the step was refused: the tree, then
        /// the state of each screen whose state the step changed (``/Destinations/StatefulDestination``).
        public let state: String
        /// The harness call that makes the step, as a test writes it (`swipeBack()`), when
        /// the harness knows it; placeholders (`<#…#>`) stand for what it cannot write.
        public let call: String?
    }

    /// The environment variable that makes golden-file checks write the golden files instead
    /// of comparing with them.
    public static let recordVariable = "DESTINATIONS_RECORD"

    /// The steps so far.
    public private(set) var entries: [Entry] = []

    /// Creates an empty transcript.
    public init() {}

    /// Appends a step.
    public mutating func append(step: Int, action: String, state: String, call: String? = nil) {
        entries.append(Entry(step: step, action: action, state: state, call: call))
    }

    /// The transcript as text: each step as a `## n. action` header and the state under it.
    public var text: String {
        entries.map { "## \($0.step). \($0.action)\n\($0.state)\n" }.joined(separator: "\n")
    }

    /// The transcript as text.
    public var description: String { text }

    /// Whether golden files are being re-recorded in this run.
    public static var isRecording: Bool {
        guard let value = ProcessInfo.processInfo.environment[recordVariable]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }

    /// Where the golden file `name` lives in the source tree: `directory/<name>.txt` beside the
    /// test file at `filePath`.
    public static func goldenPath(named name: String, directory: String = "Transcripts", filePath: String) -> String {
        URL(fileURLWithPath: filePath)
            .deletingLastPathComponent()
            .appendingPathComponent(directory)
            .appendingPathComponent("\(name).txt")
            .path
    }

    /// Compares the transcript with its golden file and returns the problem, or `nil` when they
    /// match. The golden file is read from the source tree, `directory` beside the test file at
    /// `filePath`: the file a recording writes and a failure names, so a run right after
    /// `DESTINATIONS_RECORD=1 swift test` compares with what was just recorded, even with
    /// `--skip-build`, which leaves the test bundle's copy stale. Only when the source tree is
    /// not there (tests run from a copied bundle) is the copy in `bundle` read (the test
    /// target's `Bundle.module`, with the directory copied as a resource), and a failure names
    /// that copy. While recording, or when there is no golden file yet, the transcript is
    /// written to the source tree instead.
    public func compare(
        toGoldenNamed name: String,
        bundle: Bundle? = nil,
        directory: String = "Transcripts",
        filePath: String
    ) -> HarnessError.Problem? {
        let path = Self.goldenPath(named: name, directory: directory, filePath: filePath)
        let actual = StateDiff.normalized(text) + "\n"
        if Self.isRecording {
            return write(actual, to: path)
        }
        let source: URL
        if FileManager.default.fileExists(atPath: path) {
            source = URL(fileURLWithPath: path)
        } else if let bundled = bundle?.url(forResource: name, withExtension: "txt", subdirectory: directory),
            !FileManager.default.fileExists(atPath: URL(fileURLWithPath: filePath).deletingLastPathComponent().path)
        {
            // No source tree to read or record into: the copy the test bundle carries.
            source = bundled
        } else {
            return write(actual, to: path) ?? .transcriptRecorded(name: name, path: path)
        }
        let golden: String
        do {
            golden = try String(contentsOf: source, encoding: .utf8)
        } catch {
            return .transcriptUnreadable(path: source.path, reason: String(describing: error))
        }
        guard let diff = StateDiff.diff(expected: golden, actual: actual, context: 3) else { return nil }
        return .transcriptMismatch(name: name, path: source.path, diff: diff)
    }

    private func write(_ text: String, to path: String) -> HarnessError.Problem? {
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return nil
        } catch {
            return .transcriptNotWritten(path: path, reason: String(describing: error))
        }
    }
}

extension FlowHarness {
    /// Checks the ``transcript`` against its golden file, `Transcripts/<name>.txt` beside the
    /// test file, and reports a readable diff when they differ.
    ///
    /// ```swift
    /// harness.assertTranscript(named: "notes-story", bundle: .module)
    /// ```
    ///
    /// Re-record with `DESTINATIONS_RECORD=1 swift test`; a missing golden file is written and
    /// reported once.
    ///
    /// - Parameters:
    ///   - name: The golden file's name, without `.txt`.
    ///   - bundle: The test target's `Bundle.module`, when the directory is one of its
    ///     resources: read only when the source tree is not there. The golden file is read
    ///     from the source tree, the file a recording writes and a failure names, so a run
    ///     after re-recording never compares with a stale bundle copy.
    ///   - directory: The golden files' directory beside the test file.
    ///   - fileID: Where the call is written; leave the default.
    ///   - filePath: Where the call is written, and the test file beside which the golden files are; leave the default.
    ///   - line: Where the call is written; leave the default.
    ///   - column: Where the call is written; leave the default.
    public func assertTranscript(
        named name: String,
        bundle: Bundle? = nil,
        directory: String = "Transcripts",
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        guard
            let problem = transcript.compare(
                toGoldenNamed: name, bundle: bundle, directory: directory, filePath: filePath)
        else { return }
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        report(HarnessError(step: stepCount, action: "transcript '\(name)'", problem: problem), at: location)
    }
}
