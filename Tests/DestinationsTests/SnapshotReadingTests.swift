import Foundation
import Testing

@testable import Destinations

/// Restoration reads JSON into a ``SnapshotValue`` tree with its own reader, and routes out of
/// the tree with its own decoder: both must read exactly what `JSONDecoder` reads, and refuse
/// what it refuses.
@Suite struct SnapshotReadingTests {
    /// What `JSONDecoder` makes of `text` as a tree, or `nil` when it refuses it.
    func foundationTree(_ text: String) -> SnapshotValue? {
        try? JSONDecoder().decode(SnapshotValue.self, from: Data(text.utf8))
    }

    func readerTree(_ text: String) -> SnapshotValue? {
        try? JSONTreeReader.read(Data(text.utf8))
    }

    @Test func randomTreesReadAsFoundationReadsThem() throws {
        var random = SeededRandom(seed: 33)
        for _ in 0..<300 {
            let tree = randomTree(&random, depth: 0)
            let data = try JSONEncoder().encode(tree)
            let expected = try JSONDecoder().decode(SnapshotValue.self, from: data)
            #expect(try JSONTreeReader.read(data) == expected, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test(arguments: [
        "0", "-0", "1.0", "-1.50", "1e2", "1E+2", "2.5e-3", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "1.000000000000000000001", "-9223372036854775809.0", "12345678901234567.0", "1.5e300",
        "123456789012345678901234567890", "1e400", "01", "1.", ".5", "-", "+1",
        "\"a\\u00e9\\ud83d\\ude00\\n\\t\\\"\\\\/\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\x\"", "\"tab\there\"",
        "[1, 2,]", "[1,,2]", "[,]", "[1 2]", "{\"a\":1,}", "{,}", "{\"a\" 1}", "{\"a\":1,\"a\":2}",
        "{\"a\":1,\"a\":2,\"b\":3}", "{\"a\":1,\"b\":2,\"a\":3}", "{\"a\":1,\"b\":2,\"c\":3,\"b\":4}", "{\"é\":\"中\"}",
        " {\"a\" : [ true , false , null ] } ",
        "[]", "{}", "tru", "nul", "[1] x", "", "  ", "\"unterminated", "[[[]]]", "{\"k\":{\"k\":{}}}",
    ])
    func editedTextsReadAsFoundationReadsThem(_ text: String) {
        #expect(readerTree(text) == foundationTree(text))
    }

    @Test func invalidUTF8IsRefusedAsFoundationRefusesIt() {
        let data = Data([UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")])
        #expect((try? JSONDecoder().decode(SnapshotValue.self, from: data)) == nil)
        #expect((try? JSONTreeReader.read(data)) == nil)
    }

    @Test func routesDecodeFromTheTreeAsFromTheirJSON() throws {
        let values: [Payload] = [
            .plain,
            .number(-3),
            .named(id: 7, title: "über", ratio: 0.25, flag: true),
            .nested(Inner(list: [1, 2, 3], map: ["a": 1], when: Date(timeIntervalSince1970: 12.5), tiny: 200)),
            .resources(url: URL(string: "https://example.com/a?b=c")!, data: Data([0, 1, 255]), amount: 12.75),
            .optional(nil),
            .optional("x"),
        ]
        for value in values {
            let data = try JSONEncoder().encode(value)
            let tree = try JSONTreeReader.read(data)
            #expect(try tree.decoded(as: Payload.self) == value)
        }
    }

    @Test func aDecimalWithAFractionReadsBackAsJSONDecoderReadsIt() throws {
        for text in ["19.99", "0.1", "-12345.678", "1e-7"] {
            let data = Data(#"{"resources":{"url":"https://a.example","data":"","amount":\#(text)}}"#.utf8)
            let foundation = try JSONDecoder().decode(Payload.self, from: data)
            let tree = try JSONTreeReader.read(data)
            #expect(try tree.decoded(as: Payload.self) == foundation, "\(text)")
        }
    }

    @Test func aByteOrderMarkIsSkippedAsJSONDecoderSkipsIt() throws {
        let data = Data([0xEF, 0xBB, 0xBF] + Array(#"{"a":[1,2]}"#.utf8))
        let foundation = try JSONDecoder().decode(SnapshotValue.self, from: data)
        #expect(try JSONTreeReader.read(data) == foundation)
    }

    @Test func undecodableRoutesThrowAsFromTheirJSON() throws {
        let texts = [
            #"{"number":{"_0":"three"}}"#, #"{"number":{}}"#, #"{"unknown":{}}"#, #"{"plain":{},"number":{"_0":1}}"#,
            #"{"number":{"_0":1.5}}"#, #"{"nested":{"_0":{"list":[1],"map":{},"when":0,"tiny":300}}}"#,
            #"{"resources":{"url":"","data":"*","amount":1}}"#, #"[]"#, #"null"#,
        ]
        for text in texts {
            let foundation = try? JSONDecoder().decode(Payload.self, from: Data(text.utf8))
            #expect(foundation == nil, "\(text)")
            let tree = try JSONTreeReader.read(Data(text.utf8))
            #expect(throws: DecodingError.self, "\(text)") { try tree.decoded(as: Payload.self) }
        }
    }

    @Test func undecodableRoutesNameThePathJSONDecoderNames() throws {
        let texts = [
            #"{"number":{"_0":"three"}}"#, #"{"number":{}}"#,
            #"{"nested":{"_0":{"list":[1,"x"],"map":{},"when":0,"tiny":3}}}"#,
            #"{"nested":{"_0":{"list":[1],"map":{"a":"b"},"when":0,"tiny":3}}}"#,
            #"{"named":{"id":1,"title":"t","ratio":0.5}}"#,
        ]
        func path(_ error: any Error) -> [String] {
            switch error {
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
                DecodingError.dataCorrupted(let context):
                context.codingPath.map(\.stringValue)
            case DecodingError.keyNotFound(let key, let context):
                context.codingPath.map(\.stringValue) + [key.stringValue]
            default:
                ["not a decoding error"]
            }
        }
        for text in texts {
            var expected: [String] = []
            do { _ = try JSONDecoder().decode(Payload.self, from: Data(text.utf8)) } catch { expected = path(error) }
            var read: [String] = []
            do { _ = try JSONTreeReader.read(Data(text.utf8)).decoded(as: Payload.self) } catch { read = path(error) }
            #expect(!expected.isEmpty, "\(text)")
            #expect(read == expected, "\(text)")
        }
    }

    @Test func aSnapshotReadsBackAsItWasSaved() throws {
        var state = try NavigationState<TestRoute>(
            .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .screen(.menu))]))
        state = try state.applying(.path([.push(.detail(4)), .sheet(.content(2))]))
        let saved = try NavigationSnapshot(state, schemaVersion: 2, savedAt: Date(timeIntervalSince1970: 1_000.5))
        let read = try NavigationSnapshot(data: saved.encoded())
        #expect(read == saved)
        #expect(try read.state.decoded(as: NavigationState<TestRoute>.self) == state)
    }

    @Test func anEnvelopeMissingAFieldIsRefusedWithTheField() {
        let data = Data(#"{"format":1,"savedAt":0,"state":{}}"#.utf8)
        #expect {
            try NavigationSnapshot(data: data)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "schemaVersion"
        }
    }

    func randomTree(_ random: inout SeededRandom, depth: Int) -> SnapshotValue {
        let kinds = depth > 3 ? 6 : 8
        switch Int(random.next() % UInt64(kinds)) {
        case 0: return .null
        case 1: return .bool(random.next() & 1 == 0)
        case 2: return .integer(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
        case 3: return .unsigned(UInt64(Int64.max) + 1 + random.next() % 1_000)
        case 4: return .double(Double(Int64(bitPattern: random.next()) % 1_000_000) / 64)
        case 5: return .string(randomText(&random))
        case 6: return .array((0..<random.next() % 4).map { _ in randomTree(&random, depth: depth + 1) })
        default:
            var members: [String: SnapshotValue] = [:]
            for _ in 0..<random.next() % 4 { members[randomText(&random)] = randomTree(&random, depth: depth + 1) }
            return .object(members)
        }
    }

    func randomText(_ random: inout SeededRandom) -> String {
        let pieces = ["a", "id", "é", "😀", "\"", "\\", "/", "\n", "\u{01}", " ", "screen", "\u{7F}", "中"]
        return (0..<random.next() % 5).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
}

/// A route-like payload with every kind of value `JSONDecoder` treats specially.
private enum Payload: Codable, Equatable {
    case plain
    case number(Int)
    case named(id: Int64, title: String, ratio: Double, flag: Bool)
    case nested(Inner)
    case resources(url: URL, data: Data, amount: Decimal)
    case optional(String?)
}

private struct Inner: Codable, Equatable {
    var list: [Int]
    var map: [String: Int]
    var when: Date
    var tiny: UInt8
}
