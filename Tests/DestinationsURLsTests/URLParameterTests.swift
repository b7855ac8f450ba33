import Destinations
import DestinationsTesting
import DestinationsURLs
import Foundation
import Testing

/// URLS.md §10 property 4: every value's canonical text parses back to it, and each value has
/// exactly one canonical text.
@Suite struct URLParameterTests {
    func roundTrips<Value: URLParameter>(_ values: [Value]) {
        for value in values {
            #expect(Value(urlComponent: value.urlComponent[...]) == value, "\(value) → \(value.urlComponent)")
        }
    }

    @Test func integersRoundTripAtTheirLimits() {
        roundTrips([0, 1, -1, 42, Int.min, Int.max])
        roundTrips([Int8.min, -1, 0, Int8.max])
        roundTrips([Int16.min, 0, Int16.max])
        roundTrips([Int32.min, 0, Int32.max])
        roundTrips([Int64.min, 0, Int64.max])
        roundTrips([UInt.min, UInt.max])
        roundTrips([UInt8.min, UInt8.max])
        roundTrips([UInt16.min, UInt16.max])
        roundTrips([UInt32.min, UInt32.max])
        roundTrips([UInt64.min, UInt64.max])
        var random = SeededRandom(seed: 1)
        roundTrips((0..<1_000).map { _ in Int.random(in: .min ... .max, using: &random) })
    }

    @Test(arguments: [
        "", "+1", "01", "-0", "00", "1.0", " 1", "1 ", "0x1", "1e3", "-", "٣", "99999999999999999999",
        "9223372036854775808",
    ])
    func integersRefuseEveryOtherSpelling(text: String) {
        #expect(Int(urlComponent: text[...]) == nil)
    }

    @Test func integersRefuseValuesOutOfTheirRange() {
        #expect(Int8(urlComponent: "128") == nil)
        #expect(Int8(urlComponent: "-129") == nil)
        #expect(Int8(urlComponent: "-128") == -128)
        #expect(UInt8(urlComponent: "256") == nil)
        #expect(UInt8(urlComponent: "-1") == nil)
        #expect(UInt64(urlComponent: "18446744073709551616") == nil)
        #expect(Int(urlComponent: "-9223372036854775808") == .min)
        #expect(Int(urlComponent: "-9223372036854775809") == nil)
    }

    @Test func doublesRoundTripIncludingExtremes() {
        roundTrips([
            0, -0.0, 1, -1, 0.1, 0.1 + 0.2, 1e-7, 1e22, .pi, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, .leastNormalMagnitude, 123_456_789.123,
        ])
        var random = SeededRandom(seed: 2)
        roundTrips((0..<1_000).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite))
    }

    @Test(arguments: [
        "nan", "NaN", "inf", "-inf", "infinity", "1e999", "0x1p3", "", ".5", "5.", "1e", "+1", "1,5", " 1",
    ])
    func doublesRefuseNonFiniteAndOtherSpellings(text: String) {
        #expect(Double(urlComponent: text[...]) == nil)
    }

    @Test func doublesAcceptADecimalSupersetAndPrintItCanonically() {
        #expect(Double(urlComponent: "1")?.urlComponent == "1.0")
        #expect(Double(urlComponent: "1e20")?.urlComponent == "1e+20")
        #expect(Double(urlComponent: "1E-5")?.urlComponent == "1e-05")
    }

    @Test func boolsAreTrueOrFalse() {
        roundTrips([true, false])
        #expect(Bool(urlComponent: "TRUE") == nil)
        #expect(Bool(urlComponent: "1") == nil)
        #expect(Bool(urlComponent: "yes") == nil)
    }

    @Test func uuidsPrintInLowerCaseAndParseEitherCase() throws {
        var random = SeededRandom(seed: 3)
        let uuids = (0..<200).map { _ in
            UUID(
                uuid: (
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random)
                ))
        }
        roundTrips(uuids)
        for uuid in uuids {
            #expect(uuid.urlComponent == uuid.uuidString.lowercased())
            #expect(UUID(urlComponent: uuid.uuidString[...]) == uuid)
        }
        #expect(UUID(urlComponent: "E621E1F8-C36C-495A-93FC-0C247A3E6E5") == nil)
        #expect(UUID(urlComponent: "E621E1F8C36C495A93FC0C247A3E6E5F") == nil)
        #expect(UUID(urlComponent: "G621E1F8-C36C-495A-93FC-0C247A3E6E5F") == nil)
        #expect(
            UUID(urlComponent: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")?.urlComponent
                == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
    }

    @Test func stringsAreTakenAsTheyAre() {
        roundTrips(["", ".", "..", "...", "$", "~", "%2e", "a/b", "(,)", "é😀", "x y", "\u{0}"])
    }

    @Test func rawRepresentableTypesUseTheirRawValue() {
        roundTrips(SortOrder.allCases)
        #expect(SortOrder.date.urlComponent == "date")
        #expect(SortOrder(urlComponent: "size") == nil)
    }

    @Test func optionalsAndArraysTakeTheirComponentsApart() {
        #expect(Int?.urlMultiplicity == .optional)
        #expect([Int].urlMultiplicity == .repeated)
        #expect(Int.urlMultiplicity == .one)
        #expect(Int?(urlComponents: []) == .some(nil))
        #expect(Int?(urlComponents: ["3"]) == .some(3))
        #expect(Int?(urlComponents: ["3", "4"]) == nil)
        #expect(Int?.none.urlComponents == [])
        #expect([Int](urlComponents: ["1", "2"]) == [1, 2])
        #expect([Int](urlComponents: ["1", "x"]) == nil)
        #expect([1, 2].urlComponents == ["1", "2"])
    }
}

/// Percent-encoding (URLS.md §3.4): every reserved byte and non-ASCII text, through a route's
/// positional and named parameters and a tab label.
@Suite struct PercentEncodingTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router()
    }

    func url(_ route: GoldenRoute) throws -> String {
        let state = try NavigationState(GoldenURLs.window).applying(.push(route))
        return try router.stateURL(for: state, scene: "window")
    }

    @Test func everyByteOutsideUnreservedPrintsAsUpperCaseHex() throws {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        for byte in UInt8(0x20)...UInt8(0x7E) {
            let text = "a" + String(UnicodeScalar(byte)) + "b"
            let printed = try url(.search(query: text, page: 1, sort: nil))
            let expected = unreserved.contains(byte) ? text : "a%" + String(byte, radix: 16, uppercase: true) + "b"
            #expect(printed == "notes://window/notes/search/\(expected)", "byte \(byte)")
            let state = try parseState(router, printed)
            #expect(state.focusedScreen.route == .search(query: text, page: 1, sort: nil))
        }
    }

    @Test func nonASCIITextPrintsAsItsUTF8Bytes() throws {
        #expect(try url(.search(query: "é😀", page: 1, sort: nil)) == "notes://window/notes/search/%C3%A9%F0%9F%98%80")
        #expect(
            try parseState(router, "notes://window/notes/search/%c3%a9%f0%9f%98%80").focusedScreen.route
                == .search(query: "é😀", page: 1, sort: nil))
    }

    @Test func theEmptyStringAndDotsPrintAsEscapes() throws {
        #expect(try url(.search(query: "", page: 1, sort: nil)) == "notes://window/notes/search/$")
        #expect(try url(.search(query: ".", page: 1, sort: nil)) == "notes://window/notes/search/$.")
        #expect(try url(.search(query: "..", page: 1, sort: nil)) == "notes://window/notes/search/$..")
        #expect(try url(.search(query: "...", page: 1, sort: nil)) == "notes://window/notes/search/...")
        #expect(try url(.search(query: "$", page: 1, sort: nil)) == "notes://window/notes/search/%24")
        #expect(try url(.search(query: "%2e", page: 1, sort: nil)) == "notes://window/notes/search/%252e")
    }

    @Test func namedParametersAreEncodedWithoutEscapes() throws {
        let state = try NavigationState(GoldenURLs.window).applying(.push(.search(query: "q", page: -3, sort: .date)))
        #expect(try router.stateURL(for: state, scene: "window") == "notes://window/notes/search/q(page=-3,sort=date)")
    }

    @Test func tabLabelsAreEncodedAndEscaped() throws {
        let router = try URLRouter(
            prefixes: ["notes://"],
            scenes: [SceneKind("odd", layout: StateURLRoundTripTests.oddTabs)],
            patterns: GoldenURLs.patterns
        )
        let state = try NavigationState(StateURLRoundTripTests.oddTabs)
        #expect(try router.stateURL(for: state.applying(.selectTab(".")), scene: "odd") == "notes://odd/$.")
        #expect(
            try router.stateURL(for: state.applying(.path([.selectTab("~c"), .selectTab("")])), scene: "odd")
                == "notes://odd")
        #expect(
            try router.stateURL(for: state.applying(.path([.push(.about), .selectTab("~c")])), scene: "odd")
                == "notes://odd/~c($:home/about)")
    }
}
