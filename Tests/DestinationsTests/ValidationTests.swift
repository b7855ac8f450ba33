import Destinations
import NotesApp
import Testing

/// A Destination whose events are `CaseIterable`, so validation can tell which are missing.
@MainActor
final class Form: Destination {
    enum Event: Hashable, Sendable, CaseIterable { case submit, cancel }
    let context = DestinationContext<TestRoute, Event>()
}

@MainActor
@Suite struct ValidationTests {
    let log = Log()

    func providers(editor: Provider<TestRoute>, missing: Set<String> = []) -> Providers<TestRoute> {
        let screens = screenProvider(log: log)
        return Providers { route in
            if missing.contains(route.name) || route == .unprovided { return nil }
            return route == .editor ? editor : screens
        }
    }

    var completeForm: Provider<TestRoute> {
        Provider { (_: TestRoute) in
            Form()
        } events: { events in
            events.on(.submit, .present(.dismiss))
            events.on(.cancel, .present(.dismiss))
        }
    }

    @Test func aValidConfigurationHasNoProblems() {
        #expect(Flow.validate(.stack(.home, .editor), providers: providers(editor: completeForm)).isEmpty)
    }

    @Test func aLayoutRouteWithoutAProviderIsReported() {
        #expect(throws: NavigationError.invalidConfiguration([.missingProvider(route: "unprovided")])) {
            try Flow(.stack(.home, .unprovided), providers: providers(editor: completeForm))
        }
    }

    @Test func aRouteReachedByAFixedPresentationWithoutAProviderIsReported() {
        let editor = Provider { (_: TestRoute) in
            Form()
        } events: { events in
            events.on(.submit, .present(.path([.dismiss, .push(.about)])))
            events.on(.cancel, .present(.dismiss))
        }
        let problems = Flow.validate(.stack(.editor), providers: providers(editor: editor, missing: ["about"]))
        #expect(problems == [.missingProvider(route: "about")])
    }

    @Test func anEventConfiguredTwiceIsReportedAndTheFirstConfigurationIsUsed() throws {
        let editor = Provider { (_: TestRoute) in
            Form()
        } events: { events in
            events.on(.submit, .present(.push(.list)))
            events.on(.submit, .present(.push(.about)))
            events.on(.cancel, .present(.dismiss))
        }
        #expect(editor.duplicateEvents == ["submit"])
        #expect(editor.presentations.map(\.presentation) == [.push(.list), .dismiss])
        #expect(
            Flow.validate(.stack(.editor), providers: providers(editor: editor)) == [
                .duplicateEvent(event: "submit", route: "editor")
            ])
    }

    @Test func anUnconfiguredEventOfACaseIterableEventTypeIsReported() {
        let editor = Provider { (_: TestRoute) in
            Form()
        } events: { events in
            events.on(.submit, .present(.dismiss))
        }
        #expect(editor.declaredEvents == ["submit", "cancel"])
        #expect(throws: NavigationError.invalidConfiguration([.unconfiguredEvent(event: "cancel", route: "editor")])) {
            try Flow(.stack(.editor), providers: providers(editor: editor))
        }
    }

    @Test func everyProblemIsReportedAtOnce() {
        let editor = Provider { (_: TestRoute) in
            Form()
        } events: { events in
            events.on(.submit, .present(.push(.about)))
            events.on(.submit, .present(.dismiss))
        }
        let problems = Flow.validate(
            .stack(.home, .editor, .unprovided), providers: providers(editor: editor, missing: ["about"]))
        #expect(
            Set(problems) == [
                .missingProvider(route: "unprovided"),
                .missingProvider(route: "about"),
                .duplicateEvent(event: "submit", route: "editor"),
                .unconfiguredEvent(event: "cancel", route: "editor"),
            ])
        #expect(problems.count == 4)
    }

    @Test func aRouteOnlyAnAssistantChoosesIsCheckedWhenItIsNeeded() throws {
        let providers = testProviders(log: log) { events in
            events.on(.choose, .present { (_: Int) in .push(.unprovided) })
        }
        let flow = try Flow(.stack(.home), providers: providers)
        #expect(throws: NavigationError.noProvider(route: "unprovided")) {
            try flow.focused?.send(.choose, content: 1)
        }
    }

    @Test func everyCaseOfACaseIterableRouteIsChecked() {
        let full = NotesAppConfiguration.providers(datasource: NotesDatasource())
        #expect(Flow.validate(NotesAppConfiguration.layout, providers: full).isEmpty)
        let withoutCard = Providers<AppRoute> { route in route.name == "noteCard" ? nil : full.provider(for: route) }
        #expect(
            Flow.validate(NotesAppConfiguration.layout, providers: withoutCard) == [.missingProvider(route: "noteCard")]
        )
    }
}
