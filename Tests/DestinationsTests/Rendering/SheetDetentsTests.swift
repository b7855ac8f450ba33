import Testing

@testable import Destinations

/// ``SheetOptions/offeredDetents`` and ``SheetOptions/restingDetent``: what a renderer shows.
@Suite struct SheetDetentsTests {
    @Test func aSheetWithoutDetentsOffersTheFullHeight() {
        #expect(SheetOptions().offeredDetents == [.large])
        #expect(SheetOptions().restingDetent == .large)
    }

    @Test func aSheetRestsAtItsFirstDetentUnlessOneIsSelected() {
        let options = SheetOptions(detents: [.medium, .large])
        #expect(options.offeredDetents == [.medium, .large])
        #expect(options.restingDetent == .medium)
        #expect(SheetOptions(detents: [.medium, .large], selectedDetent: .large).restingDetent == .large)
    }

    @MainActor
    @Test func aMoveToTheRestingDetentReportsNothingAndAnOfferedOneIsAccepted() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheet(.editor, SheetOptions(detents: [.medium, .large])))
        let sheet = try #require(flow.state.presentedChain.first?.modal)
        let options = SheetOptions(detents: [.medium, .large])
        #expect(try UserAction.sheet(sheet, movedTo: options.restingDetent, in: flow.state) == nil)
        let moved = try #require(try UserAction.sheet(sheet, movedTo: options.offeredDetents[1], in: flow.state))
        try flow.apply(moved)
        #expect(
            flow.state.presentedChain.first?.style
                == .sheet(SheetOptions(detents: [.medium, .large], selectedDetent: .large)))
    }

    /// A restore that puts a sheet at another detent, or a move the flow refused, changes the
    /// sheet in place: one `restyle` step, the sheet's controllers kept, nothing presented again.
    @MainActor
    @Test func aSheetAtAnotherDetentIsRestyledInPlaceNotPresentedAgain() throws {
        let flow = try makeFlow(.stack(.home, .list))
        try flow.apply(.sheetStack(.editor, SheetOptions(detents: [.medium, .large])))
        let atMedium = flow.state
        let chain = try #require(atMedium.presentedChain.first)
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        let sheetController = try #require(host.controller(chain.modal))

        let moved = try #require(try UserAction.sheet(chain.modal, movedTo: .large, in: flow.state))
        try flow.apply(moved)
        let atLarge = flow.state
        let large = ModalStyle.sheet(SheetOptions(detents: [.medium, .large], selectedDetent: .large))
        #expect(
            atLarge.renderPlan(from: atMedium).steps.map(\.change) == [
                .restyle(presenter: chain.presenter, modal: chain.modal, style: large)
            ])
        #expect(
            atMedium.renderPlan(from: atLarge).steps.map(\.change) == [
                .restyle(presenter: chain.presenter, modal: chain.modal, style: chain.style)
            ])

        // The window follows a restore to the other detent without presenting again.
        scheduler.show(atLarge)
        window.finishAll()
        try flow.restore(atMedium)
        let performedBefore = host.performed.count
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        #expect(
            host.performed[performedBefore...].map(\.change) == [
                .restyle(presenter: chain.presenter, modal: chain.modal, style: chain.style)
            ])
        #expect(host.controller(chain.modal) === sheetController)
        #expect(window.projection == FakeWindow.projection(of: flow.state))
        #expect(window.violations.isEmpty, "\(window.violations)")
        #expect(scheduler.rendered == flow.state)

        // A step that finds the options already applied is redundant and changes nothing.
        #expect(
            atMedium.applying(
                RenderStep(.restyle(presenter: chain.presenter, modal: chain.modal, style: chain.style)),
                toward: atMedium) == atMedium)
    }
}
