import DestinationsTesting
import Foundation
import Testing

@MainActor
@Suite struct TranscriptTests {
    /// A scratch "test file" whose Transcripts folder is a fresh temporary directory.
    func scratchTestFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("SomeTests.swift").path
    }

    @Test func theTranscriptRecordsEachStepAndTheStateAfterIt() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers(), exhaustivity: .nonExhaustive)
        try await harness.send(.open, content: 4, to: ListScreen.self)
        #expect(
            harness.transcript.text == """
                ## 0. start
                tabs #1 (selected: main)
                  [main] stack #2
                    list #3 ◀
                  [other] stack #4
                    list #5

                ## 1. send open to ListScreen with 4 (list #3)
                tabs #1 (selected: main)
                  [main] stack #2
                    list #3
                    item(4) #6 ◀
                  [other] stack #4
                    list #5

                """
        )
    }

    @Test(.disabled(if: Transcript.isRecording, "recording rewrites golden files"))
    func aMissingGoldenFileIsWrittenAndReportedOnce() throws {
        let file = try scratchTestFile()
        let transcript = transcriptOfOneStep()
        let problem = transcript.compare(toGoldenNamed: "story", filePath: file)
        let path = Transcript.goldenPath(named: "story", filePath: file)
        #expect(problem == .transcriptRecorded(name: "story", path: path))
        #expect(transcript.compare(toGoldenNamed: "story", filePath: file) == nil)
    }

    @Test(.disabled(if: Transcript.isRecording, "recording rewrites golden files"))
    func aDifferentTranscriptFailsWithADiffAndSaysHowToReRecord() throws {
        let file = try scratchTestFile()
        let path = Transcript.goldenPath(named: "story", filePath: file)
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try "## 0. start\nstack #1\n  home #2 ◀\n".write(toFile: path, atomically: true, encoding: .utf8)
        let problem = try #require(transcriptOfOneStep().compare(toGoldenNamed: "story", filePath: file))
        #expect(
            problem.description == """
                transcript 'story' differs from \(path) (- golden, + actual):
                  ## 0. start
                  stack #1
                -   home #2 ◀
                +   list #2 ◀
                If the change is intended, re-record it: DESTINATIONS_RECORD=1 swift test
                """
        )
    }

    @Test(.disabled(if: Transcript.isRecording, "recording rewrites golden files"))
    func theHarnessReportsATranscriptMismatchAtTheCallSite() async throws {
        let file = try scratchTestFile()
        let path = Transcript.goldenPath(named: "mini", filePath: file)
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try "## 0. start\nsomething else\n".write(toFile: path, atomically: true, encoding: .utf8)
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers())
        withKnownIssue {
            harness.assertTranscript(named: "mini", filePath: file)
        }
        guard case .transcriptMismatch(let name, _, _) = harness.failures.first?.problem else {
            Issue.record("expected a transcript mismatch, got \(harness.failures)")
            return
        }
        #expect(name == "mini")
    }

    @Test(.disabled(if: Transcript.isRecording, "recording rewrites golden files"))
    func theGoldenFileIsReadFromTheSourceTreeNotFromAStaleBundleCopy() throws {
        let file = try scratchTestFile()
        let path = Transcript.goldenPath(named: "story", filePath: file)
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        // Just recorded in the source tree; the bundle still holds the copy of an older build.
        try (StateDiff.normalized(transcriptOfOneStep().text) + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let bundleDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bundle-\(UUID().uuidString)")
        let stale = bundleDirectory.appendingPathComponent("Transcripts")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try "## 0. start\nstack #1\n  home #2 ◀\n".write(
            to: stale.appendingPathComponent("story.txt"), atomically: true, encoding: .utf8)
        let bundle = try #require(Bundle(path: bundleDirectory.path))
        #expect(bundle.url(forResource: "story", withExtension: "txt", subdirectory: "Transcripts") != nil)
        #expect(transcriptOfOneStep().compare(toGoldenNamed: "story", bundle: bundle, filePath: file) == nil)
        // A mismatch names the file that was read: the source file.
        var other = Transcript()
        other.append(step: 0, action: "start", state: "stack #1\n  other #2 ◀")
        guard
            case .transcriptMismatch(_, let named, _)? = other.compare(
                toGoldenNamed: "story", bundle: bundle, filePath: file)
        else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(named == path)
    }

    func transcriptOfOneStep() -> Transcript {
        var transcript = Transcript()
        transcript.append(step: 0, action: "start", state: "stack #1\n  list #2 ◀")
        return transcript
    }
}
