import DestinationsTesting
import Testing

@Test func harnessModuleReexportsTheCore() throws {
    let state = try NavigationState<TestRoute>(.stack([.a]))
    #expect(state.screens.count == 1)
}

enum TestRoute: NavigationRoute { case a }
