import Destinations
import Foundation
import Testing

@MainActor
@Suite struct CodableTests {
    /// Tabs holding a three-column split and a stack, with a sheet that presents a cover that
    /// presents an alert.
    func complexState() throws -> NavigationState<TestRoute> {
        var built = try state(
            .tabs([
                .tab(
                    .inbox,
                    .split(sidebar: .stack(.menu), content: .screen(.list), detail: .stack(.content(1), .detail(2)))),
                .tab(.profile, .stack(.settings, .about)),
            ]))
        let options = SheetOptions(
            detents: [.medium, .fraction(0.25), .height(120)], selectedDetent: .medium, showsDragIndicator: true,
            interactiveDismissDisabled: true)
        built = try built.applying(.present(.stack(.editor), style: .sheet(options)), from: ElementID(4))
        built = try built.applying(
            .path([.push(.detail(3)), .fullScreenCover(.login), .alert(.confirm)]), from: ElementID(13))
        return built
    }

    func decode(_ json: String) throws -> NavigationState<TestRoute> {
        try JSONDecoder().decode(NavigationState<TestRoute>.self, from: Data(json.utf8))
    }

    @Test func aComplexStateSurvivesARoundTrip() throws {
        let original = try complexState()
        let data = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(NavigationState<TestRoute>.self, from: data)
        #expect(decoded == original)
        #expect(decoded.rendered() == original.rendered())
        #expect(
            decoded.rendered() == """
                tabs #1 (selected: inbox)
                  [inbox] split #2 (3 columns)
                    [sidebar] stack #3
                      menu #4
                        sheet[medium,0.25,120.0pt,@medium,grabber,locked]: stack #12
                          editor #13
                          detail(3) #14
                            fullScreenCover: login #15
                              alert: confirm #16 ◀
                    [content] list #5
                    [detail] stack #6
                      content(1) #7
                      detail(2) #8
                  [profile] stack #9
                    settings #10
                    about #11
                """)
    }

    @Test func theEncodingIsPlainAndStable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(try state(.stack(.home, .detail(4)))), as: UTF8.self)
        #expect(json == #"{"id":1,"stack":[{"id":2,"screen":{"home":{}}},{"id":3,"screen":{"detail":{"_0":4}}}]}"#)
    }

    @Test func equalStatesHashAlikeAndDifferentOnesDiffer() throws {
        let one = try complexState()
        let two = try complexState()
        #expect(one == two)
        #expect(Set([one, two]).count == 1)
        #expect(try one.applying(.dismiss) != one)
    }

    @Test func aStateCanBeSentToAnotherTask() async throws {
        let original = try complexState()
        let copy = await Task.detached { original }.value
        #expect(copy == original)
    }

    nonisolated static let corrupt: [(String, String)] = [
        ("empty stack", #"{"id":1,"stack":[]}"#),
        ("stack holding a stack", #"{"id":1,"stack":[{"id":2,"stack":[{"id":3,"screen":{"home":{}}}]}]}"#),
        (
            "selected tab not in bar",
            #"{"id":1,"tabs":[{"id":"inbox","node":{"id":2,"screen":{"home":{}}}}],"selected":"profile"}"#
        ),
        ("no tabs", #"{"id":1,"tabs":[],"selected":"inbox"}"#),
        (
            "two tabs share a name",
            #"{"id":1,"tabs":[{"id":"inbox","node":{"id":2,"screen":{"home":{}}}},{"id":"inbox","node":{"id":3,"screen":{"list":{}}}}],"selected":"inbox"}"#
        ),
        ("duplicate ids", #"{"id":1,"stack":[{"id":2,"screen":{"home":{}}},{"id":2,"screen":{"list":{}}}]}"#),
        (
            "duplicate ids across a modal",
            #"{"id":1,"screen":{"home":{}},"modal":{"style":{"sheet":{"_0":{"detents":[],"interactiveDismissDisabled":false}}},"content":{"id":1,"screen":{"list":{}}}}}"#
        ),
        (
            "alert holding a stack",
            #"{"id":1,"screen":{"home":{}},"modal":{"style":{"alert":{}},"content":{"id":2,"stack":[{"id":3,"screen":{"confirm":{}}}]}}}"#
        ),
        (
            "alert presenting",
            #"{"id":1,"screen":{"home":{}},"modal":{"style":{"alert":{}},"content":{"id":2,"screen":{"confirm":{}},"modal":{"style":{"alert":{}},"content":{"id":3,"screen":{"choice":{}}}}}}}"#
        ),
        (
            "modal off the focus path",
            #"{"id":1,"tabs":[{"id":"inbox","node":{"id":2,"screen":{"home":{}}}},{"id":"profile","node":{"id":3,"screen":{"list":{}},"modal":{"style":{"alert":{}},"content":{"id":4,"screen":{"confirm":{}}}}}}],"selected":"inbox"}"#
        ),
        ("id above the largest", #"{"id":9007199254740992,"screen":{"home":{}}}"#),
        (
            "duplicate ids across tabs",
            #"{"id":1,"tabs":[{"id":"inbox","node":{"id":2,"screen":{"home":{}}}},{"id":"profile","node":{"id":2,"screen":{"list":{}}}}],"selected":"inbox"}"#
        ),
        ("split of four columns", #"{"id":1,"split":{"columns":4,"sidebar":{"id":2,"screen":{"menu":{}}}}}"#),
        (
            "two-column split with a content column",
            #"{"id":1,"split":{"columns":2,"sidebar":{"id":2,"screen":{"menu":{}}},"content":{"id":3,"screen":{"list":{}}}}}"#
        ),
        ("unknown route", #"{"id":1,"screen":{"nowhere":{}}}"#),
        ("unknown key", #"{"id":1,"screen":{"home":{}},"colour":"red"}"#),
        (
            "unknown key in a split",
            #"{"id":1,"split":{"columns":2,"sidebar":{"id":2,"screen":{"menu":{}}},"footer":{"id":3,"screen":{"list":{}}}}}"#
        ),
        (
            "unknown key in a tab entry",
            #"{"id":1,"tabs":[{"id":"inbox","node":{"id":2,"screen":{"home":{}}},"badge":3}],"selected":"inbox"}"#
        ),
        (
            "unknown key in a modal",
            #"{"id":1,"screen":{"home":{}},"modal":{"style":{"alert":{}},"content":{"id":2,"screen":{"confirm":{}}},"extra":1}}"#
        ),
        ("a screen and a stack at once", #"{"id":1,"screen":{"home":{}},"stack":[{"id":2,"screen":{"list":{}}}]}"#),
        ("no content", #"{"id":1}"#),
        ("no id", #"{"screen":{"home":{}}}"#),
        ("negative id", #"{"id":-1,"screen":{"home":{}}}"#),
        ("empty object", "{}"),
        ("an array", "[]"),
        ("garbage", "not json at all"),
        ("truncated", #"{"id":1,"stack":[{"id":2,"#),
    ]

    /// The corrupt states above, repaired: they decode, so each corrupt one fails for its
    /// own reason.
    nonisolated static let valid: [String] = [
        #"{"id":1,"stack":[{"id":2,"screen":{"home":{}}},{"id":3,"screen":{"list":{}}}]}"#,
        #"{"id":1,"tabs":[{"id":"inbox","node":{"id":2,"screen":{"home":{}}}}],"selected":"inbox"}"#,
        #"{"id":1,"screen":{"home":{}},"modal":{"style":{"sheet":{"_0":{"detents":[],"interactiveDismissDisabled":false}}},"content":{"id":2,"screen":{"list":{}}}}}"#,
        #"{"id":1,"screen":{"home":{}},"modal":{"style":{"alert":{}},"content":{"id":2,"screen":{"confirm":{}}}}}"#,
        #"{"id":1,"split":{"columns":3,"sidebar":{"id":2,"screen":{"menu":{}}},"content":{"id":3,"screen":{"list":{}}}}}"#,
    ]

    @Test(arguments: valid)
    func aWholeSavedStateDecodes(json: String) throws {
        let decoded = try decode(json)
        #expect(decoded.screens.count >= 1)
    }

    @Test(arguments: corrupt)
    func aCorruptSavedStateThrowsAndTheFlowKeepsItsState(problem: String, json: String) throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        _ = log.take()
        let before = FlowSnapshot(flow)
        #expect(throws: DecodingError.self, "\(problem)") {
            try flow.restore(try decode(json))
        }
        #expect(FlowSnapshot(flow) == before)
        #expect(log.take().isEmpty)
    }

    @Test func restoreReplacesTheScreensOfAnotherState() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        _ = log.take()
        let saved = try decode(String(decoding: try JSONEncoder().encode(try complexState()), as: UTF8.self))
        try flow.restore(saved)
        #expect(flow.state == saved)
        #expect(Set(flow.destinations.keys) == Set(saved.screens.map(\.id)))
        #expect(log.alive.count == saved.screens.count)
        #expect(Array(log.take().prefix(4)) == ["disappear list", "cleanup home", "cleanup list", "prepare menu"])
        #expect(flow.focused?.route == .confirm)
        #expect(flow.focused?.context.isVisible == true)
    }

    @Test func afterARestoreNewIDsStartAboveTheSavedOnes() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.restore(try complexState())
        try flow.apply(.path([.dismiss, .dismiss, .push(.about)]))
        #expect(flow.state.focusedScreen.id == ElementID(17))
    }

    @Test func restoringTheSameStateKeepsEveryDestinationAndChangesNothing() async throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        _ = log.take()
        let list = flow.focused
        var events = flow.events().makeAsyncIterator()
        try flow.restore(flow.state)
        #expect(flow.focused === list)
        #expect(log.take().isEmpty)
        #expect(log.builtCount == 2)
        let event = try #require(await events.next())
        #expect(event.cause == .restore)
        #expect(event.changes.isEmpty)
    }

    @Test func restoringKeepsTheDestinationsOfScreensWhoseIDAndRouteAreUnchanged() async throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list, .detail(1)), log: log)
        let home = flow.destination(ElementID(2), as: Screen.self)
        let list = flow.destination(ElementID(3), as: Screen.self)
        let earlier = try flow.state.applying(.path([.back, .push(.about)]))
        try flow.apply(.sheet(.editor))
        _ = log.take()
        var events = flow.events().makeAsyncIterator()
        try flow.restore(earlier)
        #expect(flow.state == earlier)
        #expect(flow.destination(ElementID(2), as: Screen.self) === home)
        #expect(flow.destination(ElementID(3), as: Screen.self) === list)
        #expect(
            log.take() == [
                "disappear editor", "cleanup detail(1)", "cleanup editor", "prepare about", "appear about",
            ])
        let event = try #require(await events.next())
        #expect(event.changes.added.map(\.route) == [.about])
        #expect(event.changes.removed.map(\.route) == [.detail(1), .editor])
        #expect(event.changes.touched == [ElementID(1), ElementID(5)])
    }

    @Test func restoringAStateThatBreaksTheModelsRulesIsRefused() throws {
        let flow = try makeFlow(threeTabs)
        let before = FlowSnapshot(flow)
        let duplicate = NavigationState<TestRoute>(
            root: NavigationNode(
                id: ElementID(1),
                content: .stack(
                    Stack([
                        NavigationNode(id: ElementID(2), content: .screen(.home)),
                        NavigationNode(id: ElementID(2), content: .screen(.list)),
                        NavigationNode(id: ElementID(3), content: .screen(.about)),
                    ]))))
        #expect(throws: NavigationError.corruptState(.duplicateID(ElementID(2)))) { try flow.restore(duplicate) }
        let tooLarge = NavigationState<TestRoute>(
            root: NavigationNode(id: ElementID(rawValue: .max), content: .screen(.home)))
        #expect(throws: NavigationError.corruptState(.idAboveMaximum(ElementID(rawValue: .max)))) {
            try flow.restore(tooLarge)
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aStackOfPlainScreensReportsItsFirstProblemInPreOrder() {
        // Checked in place, top first, when it has no problem; with problems, the first from
        // the root up is the one named.
        func stack(_ ids: [UInt64]) -> NavigationState<TestRoute> {
            NavigationState(
                root: NavigationNode(
                    id: ElementID(1),
                    content: .stack(Stack(ids.map { NavigationNode(id: ElementID($0), content: .screen(.home)) }))))
        }
        let many = Array(UInt64(10)..<UInt64(40))
        let tooLarge = ElementID(rawValue: .max).rawValue
        let cases: [([UInt64], StateProblem?)] = [
            (many, nil),
            ([5, 7, 5, 7], .duplicateID(ElementID(5))),
            (many + [7, 8, 8, 7], .duplicateID(ElementID(8))),
            ([tooLarge, 2, tooLarge - 1], .idAboveMaximum(ElementID(rawValue: tooLarge))),
            (many + [12, tooLarge], .duplicateID(ElementID(12))),
            (many + [tooLarge, 12], .idAboveMaximum(ElementID(rawValue: tooLarge))),
        ]
        for (ids, problem) in cases {
            var found: StateProblem?
            do throws(NavigationError) {
                try stack(ids).validate()
            } catch {
                if case .corruptState(let first) = error { found = first }
            }
            #expect(found == problem, "\(ids.suffix(4))")
        }
    }
}
