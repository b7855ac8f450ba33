import DestinationsTesting
import Testing

@testable import DestinationsURLs

/// The segment limit at its boundary: a path is counted only when it is long enough to pass the
/// limit, so paths just under, at and just over it must be refused exactly as a full count would.
@Suite struct SegmentLimitBoundaryTests {
    static let alphabet: [UInt8] = Array("a/".utf8)

    @Test func aLinkPathIsRefusedExactlyWhenItHasMoreSegmentsThanTheLimit() {
        var random = SeededRandom(seed: 0x5E6)
        var refused = 0
        for _ in 0..<5_000 {
            let limit = Int.random(in: 1...8, using: &random)
            var path = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                Self.alphabet[Int.random(in: 0..<2, using: &random)]
            }
            if Bool.random(using: &random) { path += Array("?q=1".utf8) }
            let queryStart = path.firstIndex(of: UInt8(ascii: "?")) ?? path.count
            let end = queryStart > 0 && path[queryStart - 1] == UInt8(ascii: "/") ? queryStart - 1 : queryStart
            let count = end > 0 ? 1 + path[0..<end].filter { $0 == UInt8(ascii: "/") }.count : 0
            var limits = URLLimits()
            limits.segments = limit
            var thrown: DeepLinkError?
            do {
                _ = try LinkPath.split(
                    path, 0, queryStart, hostFolding: false, limits: limits, constants: ConstantTable())
            } catch { thrown = error }
            let text = String(decoding: path, as: UTF8.self)
            if end > 0 && count > limit {
                refused += 1
                #expect(thrown == .tooManySegments(count: count, limit: limit), "\(text) at \(limit)")
            } else if case .tooManySegments? = thrown {
                Issue.record("refused \(text) at \(limit)")
            }
        }
        #expect(refused > 500, "the walk reaches paths over the limit")
    }

    @Test func aStatePathIsRefusedExactlyWhenItHasMoreSegmentsThanTheLimit() {
        var random = SeededRandom(seed: 0x5E7)
        var refused = 0
        for _ in 0..<5_000 {
            let limit = Int.random(in: 1...8, using: &random)
            let path = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                Self.alphabet[Int.random(in: 0..<2, using: &random)]
            }
            let count = path.filter { $0 == UInt8(ascii: "/") }.count + (path.last == UInt8(ascii: "/") ? 0 : 1)
            var limits = URLLimits()
            limits.segments = limit
            var thrown: DeepLinkError?
            do { try StateURLScanner.prescan(path, 0, path.count, limits: limits) } catch { thrown = error }
            let text = String(decoding: path, as: UTF8.self)
            if count > limit {
                refused += 1
                #expect(thrown == .tooManySegments(count: count, limit: limit), "\(text) at \(limit)")
            } else if case .tooManySegments? = thrown {
                Issue.record("refused \(text) at \(limit)")
            }
        }
        #expect(refused > 500, "the walk reaches paths over the limit")
    }
}
