import Destinations
import Testing

/// A loaded account, handed to the account screen.
struct Account: Sendable, Equatable {
    let id: Int
    let name: String
}

/// An account's id, handed when the account is not loaded yet.
struct AccountID: Sendable, Equatable {
    let value: Int
}

@MainActor
final class AccountScreen: Destination {
    enum Event: Hashable, Sendable { case open }
    let context = DestinationContext<TestRoute, Event>()
    let account: Account?
    let accountID: AccountID?

    init(account: Account?, accountID: AccountID?) {
        self.account = account
        self.accountID = accountID
    }
}

/// One screen reached with several hand-off types, each delivered, and a refusal of any other.
@MainActor
@Suite struct HandOffTests {
    func accountFlow() throws -> Flow<TestRoute> {
        let account = Provider(accepting: Account.self, AccountID.self) { (input: Provider<TestRoute>.Input) in
            AccountScreen(account: input.handOff(Account.self), accountID: input.handOff(AccountID.self))
        }
        return try Flow(.stack(.home), providers: Providers { _ in account })
    }

    @Test func aLoadedAccountReachesTheScreenThatDeclaresIt() throws {
        let flow = try accountFlow()
        try flow.apply(.push(.detail(1)), handing: Account(id: 1, name: "Ada"))
        let screen = try #require(flow.focusedDestination(as: AccountScreen.self))
        #expect(screen.account == Account(id: 1, name: "Ada"))
        #expect(screen.accountID == nil)
    }

    @Test func anAccountIDReachesTheSameScreenAsItsOtherDeclaredType() throws {
        let flow = try accountFlow()
        try flow.apply(.push(.detail(2)), handing: AccountID(value: 2))
        let screen = try #require(flow.focusedDestination(as: AccountScreen.self))
        #expect(screen.accountID == AccountID(value: 2))
        #expect(screen.account == nil)
    }

    @Test func aHandOffOfAnUndeclaredTypeIsRefusedAndTheStateIsUnchanged() throws {
        let flow = try accountFlow()
        let before = FlowSnapshot(flow)
        #expect(
            throws: NavigationError.unexpectedHandOff(
                route: "detail", type: "String", accepted: ["Account", "AccountID"])
        ) {
            try flow.apply(.push(.detail(3)), handing: "Ada")
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aScreenBuiltWithoutAHandOffGetsNeither() throws {
        let flow = try accountFlow()
        try flow.apply(.push(.detail(4)))
        let screen = try #require(flow.focusedDestination(as: AccountScreen.self))
        #expect(screen.account == nil && screen.accountID == nil)
    }

    @Test func aSingleTypeProviderRefusesContentOfAnotherTypeRatherThanHandingNil() throws {
        let provider = Provider { (_: TestRoute, account: Account?) in
            AccountScreen(account: account, accountID: nil)
        }
        let flow = try Flow(.stack(.home), providers: Providers { _ in provider })
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.unexpectedHandOff(route: "list", type: "Int", accepted: ["Account"])) {
            try flow.apply(.push(.list), handing: 42)
        }
        #expect(FlowSnapshot(flow) == before)
    }
}
