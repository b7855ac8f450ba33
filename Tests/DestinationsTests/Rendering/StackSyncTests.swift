import Destinations
import Testing

/// When a SwiftUI stack view must be rebuilt from the state: only when what it shows differs.
@MainActor
@Suite struct StackSyncTests {
    /// A stack of three screens and its id.
    func threeScreens() throws -> (NavigationState<TestRoute>, stack: ElementID, screens: [ElementID]) {
        let flow = try makeFlow(.stack(.home, .list, .detail(1)))
        let state = flow.state
        return (state, state.root.id, state.root.stack?.elements.map(\.id) ?? [])
    }

    @Test func aStackShowingTheStatesTopIsLeftAlone() throws {
        let (state, stack, screens) = try threeScreens()
        #expect(!state.stackNeedsRebuild(stack, appeared: [screens[2]]))
        // Some SwiftUI versions keep covered screens appeared.
        #expect(!state.stackNeedsRebuild(stack, appeared: Set(screens)))
    }

    @Test func aDroppedPushIsRebuilt() throws {
        let (state, stack, screens) = try threeScreens()
        #expect(state.stackNeedsRebuild(stack, appeared: [screens[1]]))
    }

    @Test func aDroppedPopIsRebuilt() throws {
        let (state, stack, screens) = try threeScreens()
        let popped = try state.applying(.back)
        #expect(popped.stackNeedsRebuild(stack, appeared: [screens[2]]))
        #expect(popped.stackNeedsRebuild(stack, appeared: [screens[1], screens[2]]))
        #expect(!popped.stackNeedsRebuild(stack, appeared: [screens[1]]))
    }

    @Test func aStackThatShowsNothingOrIsGoneIsLeftAlone() throws {
        let (state, stack, screens) = try threeScreens()
        #expect(!state.stackNeedsRebuild(stack, appeared: []))
        #expect(!state.stackNeedsRebuild(ElementID(999), appeared: [screens[0]]))
        #expect(!state.stackNeedsRebuild(screens[2], appeared: [screens[2]]))
    }

    /// Of two stacks in tabs, only the one whose shown path differs is rebuilt.
    @Test func onlyTheStackThatDiffersIsRebuilt() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.push(.list))
        let before = flow.state
        try flow.apply(.push(.detail(1)))
        let after = flow.state
        let stacks = after.nodes.filter { $0.stack != nil }
        #expect(stacks.count > 1)
        let changed = stacks.filter { before.node($0.id) != $0 }
        #expect(changed.count == 1)
        for stack in stacks {
            // What each stack showed before the change, as if SwiftUI dropped the write.
            let shown = try #require(before.node(stack.id)?.stack?.topNode.id)
            #expect(after.stackNeedsRebuild(stack.id, appeared: [shown]) == changed.contains(stack))
        }
    }
}
