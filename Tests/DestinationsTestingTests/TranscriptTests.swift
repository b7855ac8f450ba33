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

    func transcriptOfOneStep() -> Transcript {
        var transcript = Transcript()
        transcript.append(step: 0, action: "start", state: "stack #1\n  list #2 ◀")
        return transcript
    }
}
