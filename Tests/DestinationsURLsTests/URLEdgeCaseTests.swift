import Destinations
import DestinationsURLs
import Testing

/// The edges of the link parser's short paths: prefixes matched by their host alone or with a
/// path, dot segments in every spelling, integers at their bounds, and duplicate ids on both
/// sides of the validator's switch from a short list to a set.
@Suite struct URLEdgeCaseTests {
    let router: URLRouter<GoldenRoute>

    init() throws {
        router = try GoldenURLs.router(links: DeepLinkTests.links)
    }

    func target(_ url: String, in router: URLRouter<GoldenRoute>? = nil) -> LinkTarget<GoldenRoute>? {
        var ids = SequentialElementIDs()
        guard case .link(let match)? = try? (router ?? self.router).parse(url, ids: &ids) else { return nil }
        return match.target
    }

    func error(_ url: String, in router: URLRouter<GoldenRoute>? = nil) -> DeepLinkError? {
        var ids = SequentialElementIDs()
        return deepLinkError { () throws(DeepLinkError) in _ = try (router ?? self.router).parse(url, ids: &ids) }
    }

    func note(_ id: Int) -> LinkTarget<GoldenRoute> { .inTab(.notesTab, [.notes, .note(id: id)]) }

    @Test func aPrefixHostMatchesInAnyCaseAndNothingThatOnlyStartsLikeIt() {
        #expect(target("HTTPS://NOTES.EXAMPLE.COM/notes/12") == note(12))
        #expect(target("https://Notes.Example.Com/notes/12") == note(12))
        #expect(target("NoTeS://notes/12") == note(12))
        #expect(error("https://notes.example.com:443/notes/12") == .unknownPrefix)
        #expect(error("https://notes.example.com.evil/notes/12") == .unknownPrefix)
        #expect(error("https://notes.example.co/notes/12") == .unknownPrefix)
        #expect(error("https://%6Eotes.example.com/notes/12") == .unknownPrefix)
        #expect(error("https://notes.example.com?x=1") == .unknownPrefix)
        #expect(error("https://notes.example.com#x") == .unknownPrefix)
        #expect(error("https:/notes.example.com/notes/12") == .unknownPrefix)
        #expect(error("notes:/") == .unknownPrefix)
        #expect(error("n") == .unknownPrefix)
        #expect(error("") == .unknownPrefix)
    }

    @Test func userInfoIsRefusedWhetherItComesBeforeOrAfterTheHost() {
        // The host matches, then `@` makes it user info: the slow path must still run.
        #expect(error("https://notes.example.com@evil.com/notes/12") == .malformed(.userInfo, offset: 25))
        #expect(error("https://evil@notes.example.com/notes/12") == .malformed(.userInfo, offset: 12))
        // An `@` in the path is not user info.
        #expect(error("https://notes.example.com/notes/x@y") != .malformed(.userInfo, offset: 34))
    }

    @Test func aPrefixWithAPathMatchesOnlyUnderThatPath() throws {
        let router = try URLRouter(
            prefixes: ["https://notes.example.com/app/", "notes://"],
            scenes: GoldenURLs.scenes,
            patterns: GoldenURLs.patterns,
            links: DeepLinkTests.links
        )
        #expect(target("https://notes.example.com/app/notes/12", in: router) == note(12))
        #expect(target("https://NOTES.example.com/app/notes/7", in: router) == note(7))
        #expect(error("https://notes.example.com/notes/12", in: router) == .unknownPrefix)
        #expect(error("https://notes.example.com/apps/notes/12", in: router) == .unknownPrefix)
        #expect(error("https://notes.example.com/ap/notes/12", in: router) == .unknownPrefix)
        // Path segments are case-sensitive; hosts are not.
        #expect(error("https://notes.example.com/APP/notes/12", in: router) == .unknownPrefix)
        #expect(target("notes://notes/12", in: router) == note(12))
    }

    @Test(arguments: [".", "..", "%2E", "%2e", ".%2E", "%2E.", "%2e%2E", "%2E%2E"])
    func aLinkDotSegmentIsRefusedInEverySpelling(segment: String) {
        #expect(error("notes://files/" + segment) == .malformed(.dotSegment, offset: 14))
        #expect(error("notes://files/" + segment + "/x") == .malformed(.dotSegment, offset: 14))
        #expect(error("notes://files/a/" + segment) == .malformed(.dotSegment, offset: 16))
    }

    @Test(arguments: ["...", ".a", "a.", "%2E%2E%2E", "%2Ea", "a%2E", "..%2E", "a"])
    func aSegmentThatOnlyContainsDotsIsNotADotSegment(segment: String) {
        #expect(error("notes://files/" + segment) == nil)
    }

    @Test func integersParseExactlyToTheirBounds() {
        #expect(target("notes://notes/9223372036854775807") == note(.max))
        #expect(target("notes://notes/-9223372036854775808") == note(.min))
        #expect(target("notes://notes/-922337203685477580") == note(-922_337_203_685_477_580))
        #expect(target("notes://notes/1234567890123456789") == note(1_234_567_890_123_456_789))
        #expect(target("notes://notes/-1") == note(-1))
        #expect(target("notes://notes/0") == note(0))
        for bad in [
            "9223372036854775808", "9999999999999999999", "-9999999999999999999", "-9223372036854775809",
            "+1", "01", "-0", "-", "00", "1a", "+", "-01", "18446744073709551616", "18446744073709551615",
        ] {
            #expect(
                error("notes://notes/" + bad)
                    == .invalidParameter(route: "notes/{id}", name: "id", expected: "Int", offset: 14), "\(bad)")
        }
        #expect(Int(urlComponent: "9999999999999999999") == nil)
        #expect(Int(urlComponent: "-999999999999999999") == -999_999_999_999_999_999)
        #expect(UInt64(urlComponent: "9999999999999999999") == 9_999_999_999_999_999_999)
        #expect(UInt64(urlComponent: "18446744073709551615") == .max)
        #expect(UInt64(urlComponent: "18446744073709551616") == nil)
        #expect(UInt64(urlComponent: "-1") == nil)
        #expect(Int32(urlComponent: "-2147483648") == .min)
        #expect(Int32(urlComponent: "2147483648") == nil)
        #expect(Int8(urlComponent: "-128") == .min)
        #expect(Int8(urlComponent: "128") == nil)
        #expect(UInt8(urlComponent: "255") == 255)
        #expect(UInt8(urlComponent: "256") == nil)
    }

    func problem(_ ids: [UInt64]) -> NavigationError? {
        let screens = ids.map { NavigationNode<GoldenRoute>(id: ElementID($0), content: .screen(.about)) }
        let state = NavigationState(root: NavigationNode(id: ElementID(1000), content: .stack(Stack(screens))))
        do {
            try state.validate()
            return nil
        } catch { return error }
    }

    /// Small states compare ids in a short list, larger ones switch to a set after 16 ids; a
    /// duplicate is found whichever side of the switch either copy is on.
    @Test(arguments: [1, 2, 14, 15, 16, 17, 18, 30])
    func aDuplicateIDIsFoundOnEitherSideOfTheSwitchToASet(count: Int) {
        let unique = Array(1...UInt64(count))
        #expect(problem(unique) == nil)
        #expect(problem(unique + [1]) == .corruptState(.duplicateID(ElementID(1))))
        #expect(problem(unique + [UInt64(count)]) == .corruptState(.duplicateID(ElementID(UInt64(count)))))
        #expect(problem(unique + [1000]) == .corruptState(.duplicateID(ElementID(1000))))
        #expect(problem(unique + [5000, 5000]) == .corruptState(.duplicateID(ElementID(5000))))
        #expect(problem(unique + [5000, 5001, 5000]) == .corruptState(.duplicateID(ElementID(5000))))
    }
}
