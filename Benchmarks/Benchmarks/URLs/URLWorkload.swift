import BenchmarkFixtures
import Destinations
import DestinationsURLs
@preconcurrency import RoutingKit

/// The router study's workload (URLS.md §9.4 W1) for every router: our router and its inputs
/// come from ``URLFixture``; routing-kit's trie and the linear baseline get the same patterns.
struct URLWorkload: @unchecked Sendable {  // routing-kit's trie is not Sendable; the workload is read only

    let count: Int
    /// Our router.
    let router: URLRouter<URLBenchRoute>
    /// routing-kit's trie, with the same link patterns.
    let trie: TrieRouter<Int>
    /// The linear baseline: the patterns tried in order, as swift-url-routing's `OneOf` does.
    let linear: LinearRouter
    /// Deep link URLs (`https://bench.example.com/s7/users/12/notes/34`).
    let links: [String]
    /// The same paths, for routing-kit and the baseline.
    let paths: [String]
    /// The same paths split into components, for routing-kit's pre-split lookup.
    let split: [[String]]
    /// State URLs of a stack of two screens (`bench://main/root/k7/12/34`).
    let states: [String]
    /// The expected pattern index of each input.
    let expected: [Int]

    init(count: Int) throws {
        let fixture = try URLFixture(count: count)
        self.count = count
        router = fixture.router
        let trie = TrieRouter<Int>()
        for index in 0..<count {
            trie.register(
                index,
                at: [
                    .constant("s\(index)"), .constant("users"), .parameter("id"), .constant("notes"),
                    .parameter("noteID"),
                ])
        }
        self.trie = trie
        linear = LinearRouter(count: count)
        links = fixture.links
        paths = fixture.paths.map { "/" + $0 }
        split = paths.map { $0.split(separator: "/").map(String.init) }
        states = fixture.states
        expected = fixture.expected
    }
}

/// The linear baseline: each pattern is tried in order on the whole path and parsed fully
/// (constant, constant, integer, constant, integer), the strategy of swift-url-routing's
/// `OneOf`. Its cost grows with the number of patterns before the one that matches.
struct LinearRouter: Sendable {
    struct Pattern: Sendable {
        let first: [UInt8]
    }

    let patterns: [Pattern]

    init(count: Int) {
        patterns = (0..<count).map { Pattern(first: Array("s\($0)".utf8)) }
    }

    /// The index of the matching pattern and its two integers.
    func match(_ path: String) -> (Int, Int, Int)? {
        var path = path
        return path.withUTF8 { bytes -> (Int, Int, Int)? in
            for (index, pattern) in patterns.enumerated() {
                if let (id, note) = Self.parse(bytes, pattern.first) { return (index, id, note) }
            }
            return nil
        }
    }

    private static let users = Array("users".utf8)
    private static let notes = Array("notes".utf8)

    /// Parses `/first/users/{Int}/notes/{Int}` fully, or fails.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ first: [UInt8]) -> (Int, Int)? {
        var position = 0
        func constant(_ text: [UInt8]) -> Bool {
            guard position < bytes.count, bytes[position] == 0x2F else { return false }
            let start = position + 1
            guard start + text.count <= bytes.count else { return false }
            for offset in 0..<text.count where bytes[start + offset] != text[offset] { return false }
            let end = start + text.count
            guard end == bytes.count || bytes[end] == 0x2F else { return false }
            position = end
            return true
        }
        func integer() -> Int? {
            guard position < bytes.count, bytes[position] == 0x2F else { return nil }
            var value = 0
            var index = position + 1
            guard index < bytes.count else { return nil }
            while index < bytes.count, bytes[index] != 0x2F {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            position = index
            return value
        }
        guard constant(first), constant(users), let id = integer(), constant(notes), let note = integer(),
            position == bytes.count
        else { return nil }
        return (id, note)
    }
}
