import Testing

@testable import Destinations

/// The pure value API: `applying`, transactions and what they report, rendering, ids.
@Suite struct NavigationStateTests {
    @Test func applyingReturnsANewStateAndLeavesTheOriginalAlone() throws {
        let original = try state(.stack(.home))
        let pushed = try original.applying(.push(.detail(1)))
        #expect(original == (try state(.stack(.home))))
        #expect(pushed == (try state(.stack(.home, .detail(1)))))
        #expect(pushed != original)
    }

    @Test func applyingNumbersNewElementsAboveTheHighestID() throws {
        let original = try state(threeTabs)
        let result = try original.applying(.sheet(.editor), from: ElementID(3))
        #expect(result.node(ElementID(3))?.modal?.node.id == ElementID(7))
    }

    @Test func applyingThrowsWhenThePresentationDoesNotFit() throws {
        let original = try state(.screen(.home))
        #expect(throws: NavigationError.noStack(from: ElementID(1))) {
            try original.applying(.push(.list))
        }
        #expect(throws: NavigationError.unknownElement(ElementID(99))) {
            try original.applying(.sheet(.list), from: ElementID(99))
        }
    }

    @Test func renderedDrawsTabsSplitsAndNestedModals() throws {
        var built = try state(
            .tabs([
                .tab(.inbox, .split(sidebar: .stack(.menu), content: .screen(.list))),
                .tab(.profile, .stack(.settings, .about)),
            ]))
        built = try built.applying(
            .sheet(.editor, SheetOptions(detents: [.fraction(0.3), .height(200)])), from: ElementID(4))
        built = try built.applying(.alert(.confirm))
        #expect(
            built.rendered() == """
                tabs #1 (selected: inbox)
                  [inbox] split #2 (3 columns)
                    [sidebar] stack #3
                      menu #4
                        sheet[0.3,200.0pt]: editor #9
                          alert: confirm #10 ◀
                    [content] list #5
                    [detail] empty
                  [profile] stack #6
                    settings #7
                    about #8
                """)
        #expect(built.description == built.rendered())
        #expect(built.rendered(ids: false).hasPrefix("tabs (selected: inbox)\n  [inbox] split (3 columns)"))
    }

    @Test func changesListTheScreensAddedAndRemovedAndTheElementsTouched() throws {
        var transaction = NavigationTransaction(
            state: try state(.stack(.home, .list)), ids: SequentialElementIDs(startingAt: 10))
        try transaction.apply(.back)
        try transaction.apply(.push(.detail(1)))
        let changes = transaction.changes
        #expect(changes.added.map(\.id) == [ElementID(10)])
        #expect(changes.removed.map(\.route) == [.list])
        #expect(changes.removedIDs == [ElementID(3)])
        #expect(changes.touched == [ElementID(1), ElementID(10)])
    }

    @Test func aChangeThatNetsToNothingAddsRemovesAndTouchesNothing() throws {
        var transaction = NavigationTransaction(
            state: try state(.stack(.home)), ids: SequentialElementIDs(startingAt: 3))
        try transaction.apply(.path([.push(.list), .sheetStack(.editor), .push(.detail(1)), .dismiss, .back]))
        let changes = transaction.changes
        #expect(transaction.state == (try state(.stack(.home))))
        #expect(changes.added.isEmpty)
        #expect(changes.removed.isEmpty)
        #expect(changes.removedIDs.isEmpty)
        #expect(changes.touched.isEmpty)
        #expect(changes.isEmpty)
    }

    @Test func addedListsScreensOnlyNotTheirContainers() throws {
        var transaction = NavigationTransaction(
            state: try state(.screen(.home)), ids: SequentialElementIDs(startingAt: 2))
        try transaction.apply(.present(.tabs([.tab(.inbox, .stack(.list, .detail(1)))]), style: .fullScreenCover))
        #expect(transaction.changes.added.map(\.route) == [.list, .detail(1)])
        #expect(transaction.changes.added.allSatisfy { $0.isScreen })
    }

    @Test func replaceRootRemovesEveryOldElement() throws {
        let original = try state(threeTabs)
        var transaction = NavigationTransaction(state: original, ids: SequentialElementIDs(startingAt: 7))
        try transaction.apply(.replaceRoot(.stack(.login)))
        let changes = transaction.changes
        #expect(changes.removed.map(\.route) == [.home, .settings, .list])
        #expect(changes.removedIDs == Set(original.nodes.map(\.id)))
        #expect(changes.added.map(\.route) == [.login])
        #expect(
            transaction.state.rendered() == """
                stack #7
                  login #8 ◀
                """)
    }

    @Test func aContainerAddedAndRemovedInOneTransactionIsNotReportedRemoved() throws {
        let original = try state(.split(sidebar: .screen(.menu)))
        var transaction = NavigationTransaction(state: original, ids: SequentialElementIDs(startingAt: 3))
        try transaction.apply(.path([.show(.content(1), in: .detail), .replaceRoot(.screen(.login))]))
        #expect(transaction.changes.removedIDs == [ElementID(1), ElementID(2)])
        #expect(transaction.changes.removed.map(\.route) == [.menu])
        #expect(transaction.changes.added.map(\.route) == [.login])
    }

    @Test func aFailedApplyLeavesTheTransactionAsItWas() throws {
        var transaction = NavigationTransaction(
            state: try state(.stack(.home)), ids: SequentialElementIDs(startingAt: 3))
        try transaction.apply(.push(.list))
        #expect(throws: NavigationError.step(1, of: 2, .nothingToDismiss(from: ElementID(4)))) {
            try transaction.apply(.path([.push(.detail(1)), .dismiss]))
        }
        #expect(transaction.state == (try state(.stack(.home, .list))))
        #expect(transaction.anchor == ElementID(3))
        #expect(transaction.changes.added.map(\.id) == [ElementID(3)])
        try transaction.apply(.push(.about))
        #expect(transaction.state.focusedScreen.id == ElementID(4))
    }

    @Test func anInjectedGeneratorControlsEveryID() throws {
        struct Tens: ElementIDGenerator {
            var last: UInt64 = 0
            mutating func next() -> ElementID {
                last += 10
                return ElementID(last)
            }
            mutating func reserve(through id: ElementID) { last = max(last, id.rawValue) }
        }
        var ids = Tens()
        let built = try NavigationState<TestRoute>(.stack(.home, .list), ids: &ids)
        #expect(built.nodes.map(\.id) == [ElementID(10), ElementID(20), ElementID(30)])
        var transaction = NavigationTransaction(state: built, ids: ids)
        try transaction.apply(.push(.about))
        #expect(transaction.state.focusedScreen.id == ElementID(40))
    }

    @Test func invalidLayoutsThrowTypedErrors() {
        #expect(throws: NavigationError.invalidLayout(.emptyStack)) { try state(.stack([])) }
        #expect(throws: NavigationError.invalidLayout(.emptyTabs)) { try state(.tabs([])) }
        #expect(throws: NavigationError.invalidLayout(.duplicateTab(.inbox))) {
            try state(.tabs([.tab(.inbox, .screen(.home)), .tab(.inbox, .screen(.list))]))
        }
        #expect(throws: NavigationError.invalidLayout(.unknownSelectedTab(.search))) {
            try state(.tabs([.tab(.inbox, .screen(.home))], selected: .search))
        }
    }
}

@Suite struct DeepStackTests {
    @Test func aVeryDeepStackIsReleasedWithoutExhaustingTheThreadsStack() throws {
        var ids = SequentialElementIDs()
        var state: NavigationState<TestRoute>? = try NavigationState(
            .stack((0..<200_000).map { _ in TestRoute.home }),
            ids: &ids
        )
        #expect(state?.focusedScreen.id == ElementID(200_001))
        state = nil
        #expect(state == nil)
    }

    @Test func releasingOneOfTwoStatesThatShareAStackKeepsTheOther() throws {
        let shared = try NavigationState<TestRoute>(.stack((0..<1_000).map { _ in TestRoute.home }))
        var copy: NavigationState<TestRoute>? = try shared.applying(.push(.about))
        #expect(copy?.screens.count == 1_001)
        copy = nil
        #expect(shared.screens.count == 1_000)
        #expect(shared.focusedScreen.route == .home)
    }
}

@Suite struct StackAccessTests {
    @Test func everyScreenOfAStackIsReachedByItsIndexAfterPushesAndPops() throws {
        var random = SeededRandom(seed: 7)
        var expected: [TestRoute] = [.home]
        var node = try NavigationState<TestRoute>(.stack(.home)).root
        for _ in 0..<3_000 {
            if expected.count > 1, random.chance(0.35) {
                _ = node.modifyStack { $0.pop() }
                expected.removeLast()
            } else {
                let route = TestRoute.detail(Int(random.next() % 1_000))
                node.modifyStack {
                    $0.push(NavigationNode(id: ElementID(UInt64(expected.count + 10_000)), content: .screen(route)))
                }
                expected.append(route)
            }
        }
        let stack = try #require(node.stack)
        #expect(stack.count == expected.count)
        for index in expected.indices {
            #expect(stack[index].route == expected[index], "index \(index)")
        }
        #expect(stack.root.route == .home)
        #expect(stack.elements.map(\.route) == expected)
        #expect(Array(stack.elementsFromTop.map(\.route)) == expected.reversed())
    }
}
