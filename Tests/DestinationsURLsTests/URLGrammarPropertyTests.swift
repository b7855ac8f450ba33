import Destinations
import DestinationsTesting
import DestinationsURLs
import Testing

/// The grammar of decimals and integers, and a catch-all's repeated value, against their definitions.
@Suite struct URLGrammarPropertyTests {
    /// A path of crumbs: each component one crumb, or one component with crumbs between commas.
    struct Crumbs: URLParameter {
        let parts: [String]
        init(_ parts: [String]) { self.parts = parts }
        init?(urlComponent: Substring) { parts = urlComponent.split(separator: ",").map(String.init) }
        var urlComponent: String { parts.joined(separator: ",") }
        static var urlMultiplicity: URLParameterMultiplicity { .repeated }
        init?(urlComponents: [Substring]) { parts = urlComponents.map(String.init) }
        var urlComponents: [String] { parts }
    }

    /// The decimal grammar: `-`? digits (`.` digits)? ((`e`|`E`) (`+`|`-`)? digits)?.
    static func isDecimal(_ text: String) -> Bool {
        var rest = Array(text.utf8)[...]
        func skip(_ byte: UInt8) -> Bool {
            guard rest.first == byte else { return false }
            rest.removeFirst()
            return true
        }
        func digits() -> Bool {
            let count = rest.prefix(while: { $0 >= 0x30 && $0 <= 0x39 }).count
            rest.removeFirst(count)
            return count > 0
        }
        _ = skip(UInt8(ascii: "-"))
        guard digits(), !skip(UInt8(ascii: ".")) || digits() else { return false }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "-")) || skip(UInt8(ascii: "+"))
            guard digits() else { return false }
        }
        return rest.isEmpty
    }

    static func texts(over alphabet: [Character], count: Int, seed: UInt64) -> [String] {
        var generator = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...7, using: &generator)
            return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        }
    }

    @Test func aDoubleParsesExactlyTheDecimalGrammar() {
        for text in Self.texts(over: Array("0123456789-+.eE é"), count: 20_000, seed: 21) {
            let expected = Self.isDecimal(text) && Double(text).map(\.isFinite) == true
            #expect((Double(urlComponent: text[...]) != nil) == expected, "\(text)")
        }
    }

    @Test func anIntegerParsesExactlyItsCanonicalText() {
        for text in Self.texts(over: Array("0123456789-+ "), count: 20_000, seed: 22) {
            let expected = Int8(text).flatMap { String($0) == text ? $0 : nil }
            #expect(Int8(urlComponent: text[...]) == expected, "\(text)")
            let unsigned = UInt16(text).flatMap { String($0) == text ? $0 : nil }
            #expect(UInt16(urlComponent: text[...]) == unsigned, "\(text)")
        }
    }

    @Test func aRepeatedCatchAllTakesEverySegmentAsAComponent() throws {
        let links = DeepLinks<GoldenRoute> {
            DeepLink("crumbs/{path...}") { (path: Crumbs) in
                .push(.search(query: path.parts.joined(separator: "|"), page: 1, sort: nil))
            }
        }
        let router = try GoldenURLs.router(links: links)
        func query(_ url: String) throws -> String? { try GoldenURLs.searchQuery(of: url, in: router) }
        #expect(try query("notes://crumbs/a,b/c") == "a,b|c")
        #expect(try query("notes://crumbs/a,b") == "a,b")
    }
}
