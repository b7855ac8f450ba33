import Foundation
import Testing

@testable import Destinations

/// A route with text, numbers and an optional enum in its payload.
enum SearchRoute: NavigationRoute {
    enum Sort { case title, date }
    case search(query: String, page: Int, sort: Sort?)
}

/// Presentations, layouts, user actions and causes read as code would write them, with no
/// module or type prefixes, for logs, transcripts and the inspector.
@Suite struct ReadableDescriptionTests {
    @Test func routesReadWithoutModuleOrTypePrefixes() {
        #expect(TestRoute.home.readableDescription == ".home")
        #expect(TestRoute.detail(3).readableDescription == ".detail(3)")
        #expect(
            SearchRoute.search(query: "tea", page: 2, sort: .title).readableDescription
                == #".search(query: "tea", page: 2, sort: .title)"#)
        #expect(
            SearchRoute.search(query: "tea", page: 2, sort: nil).readableDescription
                == #".search(query: "tea", page: 2, sort: nil)"#)
    }

    @Test func stringPayloadsKeepTheirTextEvenWhenItLooksQualified() {
        let route = SearchRoute.search(query: #"Swift.Optional("x") \" A.B"#, page: 1, sort: nil)
        #expect(route.readableDescription == #".search(query: "Swift.Optional(\"x\") \\\" A.B", page: 1, sort: nil)"#)
    }

    @Test func aRouteThatIsNotAnEnumReadsWithoutADot() {
        struct Page: NavigationRoute { var number: Int }
        #expect(Page(number: 4).readableDescription == "Page(number: 4)")
    }

    @Test func presentationsReadAsCode() {
        let presentation: Presentation<TestRoute> = .path([
            .selectTab(.profile), .push(.detail(1)),
            .present(.screen(.editor), style: .sheet(SheetOptions(detents: [.large]))),
            .popAbove(ElementID(7)), .show(.content(2), in: .detail), .dismissAll,
        ])
        #expect(
            presentation.description
                == "path([selectTab(profile), push(.detail(1)), present(.screen(.editor), style: sheet[large]), popAbove(#7), show(.content(2), in: detail), dismissAll])"
        )
        #expect(Presentation<TestRoute>.setStack([.home, .list]).description == "setStack([.home, .list])")
        #expect(Presentation<TestRoute>.alert(.confirm).description == "present(.screen(.confirm), style: alert)")
    }

    @Test func layoutsReadAsCode() {
        let layout: Layout<TestRoute> = .tabs(
            [
                .tab(.inbox, .split(sidebar: .stack(.menu), detail: .screen(.content(1)))),
                .tab(.profile, .stack(.settings, .about)),
            ],
            selected: .profile
        )
        #expect(
            layout.description
                == ".tabs([inbox: .split(sidebar: .stack([.menu]), detail: .screen(.content(1))), profile: .stack([.settings, .about])], selected: profile)"
        )
    }

    @Test func userActionsAndCausesReadAsCode() {
        let action = UserAction<TestRoute>.movedSheet(to: .medium, modal: ElementID(9))
        #expect(action.description == "movedSheet(to: medium, modal: #9)")
        #expect(
            FlowEvent<TestRoute>.Cause.userAction(.popped(stack: ElementID(2), to: ElementID(3))).description
                == "user popped(stack: #2, to: #3)")
        #expect(
            FlowEvent<TestRoute>.Cause.presentation(.push(.detail(4)), from: ElementID(3)).description
                == "apply push(.detail(4)) from #3")
    }
}
