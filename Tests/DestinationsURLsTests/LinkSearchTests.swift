import Destinations
import DestinationsURLs
import Synchronization
import Testing

/// The link search: its first descent, taken without a stack, and the backtracking search it
/// hands over to, which asks no link twice.
@Suite struct LinkSearchTests {
    /// How often a link's closure ran.
    final class Asked: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    func router(_ links: DeepLinks<SocialRoute>) throws -> URLRouter<SocialRoute> {
        try URLRouter(
            prefixes: ["social://"], scenes: [SceneKind("main", layout: Social.layout)], patterns: Social.patterns,
            links: links)
    }

    @Test func aLinkThatDeclinesAtTheEndOfTheFirstDescentIsAskedOnceAndTheSearchGoesOn() throws {
        let asked = Asked()
        let router = try router(
            DeepLinks {
                DeepLink(
                    "x/{n}",
                    deciding: { (_: Int) in
                        asked.add()
                        return nil
                    })
                DeepLink("{a}/{b}") { (a: String, b: String) in .push(.tag(a + b)) }
            })
        #expect(try Social.target("social://x/5", in: router) == .push(.tag("x5")))
        #expect(asked.value == 1)
    }

    @Test func aDeadEndOnTheFirstDescentBacktracksToTheNextEdge() throws {
        let asked = Asked()
        let router = try router(
            DeepLinks {
                DeepLink("x/y/{n}") { (n: Int) in
                    asked.add()
                    return .push(.tag("number \(n)"))
                }
                DeepLink("{a}/y/z") { (a: String) in .push(.tag("text " + a)) }
            })
        #expect(try Social.target("social://x/y/z", in: router) == .push(.tag("text x")))
        #expect(asked.value == 0)
        #expect(try Social.target("social://x/y/7", in: router) == .push(.tag("number 7")))
        #expect(asked.value == 1)
    }

    @Test func aLinkWhosePathParametersArePlainSegmentsReadsItsQueryToo() throws {
        let router = try router(
            DeepLinks {
                DeepLink("p/{id}/{name}?page={page=1}") { (id: Int, name: String, page: Int) in
                    .push(.tag("\(id) \(name) \(page)"))
                }
            })
        #expect(try Social.target("social://p/4/a%20b", in: router) == .push(.tag("4 a b 1")))
        #expect(try Social.target("social://p/4/b?page=3", in: router) == .push(.tag("4 b 3")))
        #expect(
            Social.error("social://p/4/b?page=3&page=4", in: router)
                == .duplicateParameter(route: "p/{id}/{name}?page={page=1}", name: "page"))
    }

    /// A segment of plain digits is read as a number once, by the split; other spellings of an
    /// `Int` are read as before, and what no `Int` spells goes on to the next edge.
    @Test func aSegmentOfDigitsIsAnIntOnlyWhenItSpellsOneCanonically() throws {
        let router = try router(
            DeepLinks {
                DeepLink("n/{n}") { (n: Int) in .push(.tag("int \(n)")) }
                DeepLink("n/{s}") { (s: String) in .push(.tag("text " + s)) }
            })
        let cases: [(String, String)] = [
            ("7", "int 7"), ("0", "int 0"), ("007", "text 007"), ("-7", "int -7"),
            ("1234567890123456789", "int 1234567890123456789"),
            ("12345678901234567890", "text 12345678901234567890"), ("%37", "int 7"),
        ]
        for (segment, expected) in cases {
            #expect(try Social.target("social://n/" + segment, in: router) == .push(.tag(expected)), "\(segment)")
        }
    }
}
