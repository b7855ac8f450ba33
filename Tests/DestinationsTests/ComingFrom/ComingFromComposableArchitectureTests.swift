// swift-format-ignore-file
// (The sample below is the article's, verbatim, formatted as the article shows it.)
import Destinations
import Testing

// SAMPLE-BEGIN
enum ContactsRoute: NavigationRoute { case contacts, contact(id: Int), addContact }

/// The list's state and logic: what `ContactsFeature.State` and its reducer held, but not the
/// navigation.
@MainActor final class ContactsList: Destination {
    enum Event: Hashable { case select(Carrying<Int>), add }
    let context = DestinationContext<ContactsRoute, Event>()
    var contacts: [Int: String] = [1: "Ada", 2: "Grace"]
}
extension ContentEvent<ContactsList.Event, Int> { static var select: Self { Self(ContactsList.Event.select) } }

@MainActor final class ContactDetail: Destination {
    enum Event: Hashable { case delete }
    let context = DestinationContext<ContactsRoute, Event>()
}

@MainActor final class AddContact: Destination {
    enum Event: Hashable { case save, cancel }
    let context = DestinationContext<ContactsRoute, Event>()
    var name = ""
}

enum Contacts {
    /// The stack and the sheet: what `StackState` and `@Presents` held.
    static let layout: Layout<ContactsRoute> = .stack(.contacts)

    /// What the parent reducer decided for `.path` and `.destination` actions.
    @MainActor static func providers() -> Providers<ContactsRoute> {
        Providers { route in
            switch route {
            case .contacts:
                Provider { _ in ContactsList() } events: {
                    $0.on(.select, .present { id in .push(.contact(id: id)) })
                    $0.on(.add, .present(.sheet(.addContact)))
                }
            case .contact: Provider { _ in ContactDetail() } events: { $0.on(.delete, .present(.back)) }
            case .addContact:
                Provider { _ in AddContact() } events: {
                    $0.on(.save, .present(.dismiss))
                    $0.on(.cancel, .present(.dismiss))
                }
            }
        }
    }
}
// SAMPLE-END

/// The "Coming from the composable architecture" article's sample compiles and does what it says.
@MainActor
@Suite struct ComingFromComposableArchitectureTests {
    @Test func selectingPushesTheDetailAndAddingPresentsTheSheet() throws {
        let flow = try Flow(Contacts.layout, providers: Contacts.providers(), logger: .disabled)
        try flow.focusedDestination(as: ContactsList.self)?.send(.select, content: 2)
        #expect(flow.state.rendered(ids: false) == """
            stack
              contacts
              contact(id: 2) ◀
            """)
        try flow.focusedDestination(as: ContactDetail.self)?.send(.delete)
        try flow.focusedDestination(as: ContactsList.self)?.send(.add)
        #expect(flow.state.rendered(ids: false) == """
            stack
              contacts
                sheet: addContact ◀
            """)
        try flow.focusedDestination(as: AddContact.self)?.send(.cancel)
        #expect(flow.state.rendered(ids: false) == """
            stack
              contacts ◀
            """)
    }

    @Test func theArticleShowsTheSampleVerbatim() throws {
        #expect(try sample(of: #filePath, isIn: "ComingFromTheComposableArchitecture.md"))
    }
}
