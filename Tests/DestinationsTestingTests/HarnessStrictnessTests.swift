import DestinationsTesting
import Foundation
import Testing

/// The harness never passes what it should fail.
@MainActor
@Suite struct HarnessStrictnessTests {
    @Test func settlingWithoutAnExpectationFailsForAChangeMadeByTrackedWork() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers(), reporter: .silent)
        try harness.destination(ListScreen.self)?.send(.load)
        try await harness.settle()
        try await harness.finish()
        #expect(harness.failures.count == 1)
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(diff.contains("+     item(99) #6 ◀"))
    }

    @Test func aStepWhoseWorkNeverFinishesFailsNamingTheWork() async throws {
        let provider = Provider { (_: MiniRoute) in
            ListScreen()
        } events: { events in
            events.on(
                .load,
                .perform { input in
                    input.destination.context.track {
                        let (never, _) = AsyncStream<Int>.makeStream()
                        for await _ in never {}
                    }
                })
        }
        let harness = try FlowHarness(.stack(.list), providers: Providers { _ in provider }, reporter: .silent)
        harness.settleTimeout = .milliseconds(50)
        do {
            try await harness.send(.load, to: ListScreen.self)
            Issue.record("the step returned although its work never finishes")
        } catch {
            guard case .workDidNotSettle(let timeout) = error.problem else {
                Issue.record("expected workDidNotSettle, got \(error.problem)")
                return
            }
            #expect(timeout.pending.map(\.description) == ["ListScreen list #2: tracked work"])
        }
    }

    @Test func sendPicksTheScreenByRouteWhenSeveralShowTheSameType() async throws {
        let harness = try FlowHarness(
            .split(sidebar: .stack(.item(1)), detail: .stack(.item(2))),
            providers: MiniApp.providers(),
            exhaustivity: .nonExhaustive
        )
        // Without a route the focused screen (the detail's item 2) would get the event.
        try await harness.send(.more, to: ItemScreen.self, route: .item(1))
        #expect(
            harness.state.rendered(ids: false) == """
                split (2 columns)
                  [sidebar] stack
                    item(1)
                    item(2)
                  [detail] stack
                    item(2) ◀
                """)
    }

    @Test(.disabled(if: Transcript.isRecording, "recording rewrites golden files"))
    func anUnreadableGoldenFileIsReportedAndLeftAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("SomeTests.swift").path
        let golden = Transcript.goldenPath(named: "story", filePath: file)
        try FileManager.default.createDirectory(
            atPath: (golden as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        let garbage = Data([0xFF, 0xFE, 0x00, 0xC3])
        try garbage.write(to: URL(fileURLWithPath: golden))
        var transcript = Transcript()
        transcript.append(step: 0, action: "start", state: "list ◀")
        guard case .transcriptUnreadable(let path, _)? = transcript.compare(toGoldenNamed: "story", filePath: file)
        else {
            Issue.record("expected the golden file to be reported unreadable")
            return
        }
        #expect(path == golden)
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden)) == garbage)
    }

    @Test func tappingAnAlertThatIsNotThereFailsTheStep() async throws {
        let harness = try FlowHarness(MiniApp.layout, providers: MiniApp.providers(), reporter: .silent)
        do {
            try await harness.tapAlertButton(0)
            Issue.record("the tap passed with no alert on top")
        } catch {
            guard case .noAlertToTap = error.problem else {
                Issue.record("expected noAlertToTap, got \(error.problem)")
                return
            }
        }
        do {
            try await harness.tapAlertButton(labeled: "Delete")
            Issue.record("the tap passed with no alert on top")
        } catch {
            guard case .noAlertToTap = error.problem else {
                Issue.record("expected noAlertToTap, got \(error.problem)")
                return
            }
            #expect(error.step == 2, "each failed tap is a step of its own: \(error)")
            #expect(harness.transcript.text.contains("tap alert button \"Delete\""), "\(harness.transcript.text)")
        }
    }
}

/// A screen whose question comes from work it tracks: the alert shows once the work runs.
enum AskRoute: NavigationRoute { case asker, question }

@MainActor final class Asker: Destination {
    enum Event: Hashable, Sendable, CaseIterable { case ask }
    let context = DestinationContext<AskRoute, Event>()
}

@MainActor final class Question: AlertDestination {
    enum Event: Hashable, Sendable, CaseIterable { case yes }
    let context = DestinationContext<AskRoute, Event>()
    var alert: AlertContent<Event> { AlertContent("Go on?", buttons: [AlertButton("Yes", sends: .yes)]) }
}

@MainActor
@Suite struct LabelledAlertTapTests {
    @Test func aLabelledTapFindsTheAlertThatWorkUnderWayPresents() async throws {
        let providers = Providers<AskRoute> { route in
            switch route {
            case .asker:
                Provider { _ in
                    Asker()
                } events: { events in
                    events.on(
                        .ask,
                        .perform { input in
                            let context = input.destination.context
                            context.track {
                                await Task.yield()
                                _ = try? context.present(.alert(.question))
                            }
                        })
                }
            case .question:
                Provider { _ in
                    Question()
                } events: {
                    $0.on(.yes, .present(.dismiss))
                }
            }
        }
        let harness = try FlowHarness(.stack(.asker), providers: providers, reporter: .silent)
        // The event goes straight to the screen, outside a step: its work is still under way.
        try #require(harness.destination(Asker.self)).send(.ask)
        try await harness.tapAlertButton(labeled: "Yes") {
            """
            stack
              asker ◀
            """
        }
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }
}
