@testable import Destinations
import Testing

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
        #expect(flow.state.presentedChain.first?.style == .sheet(SheetOptions(detents: [.medium, .large], selectedDetent: .large)))
    }
}
