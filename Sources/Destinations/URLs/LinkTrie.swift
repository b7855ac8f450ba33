/// The deep links compiled into a trie over path segments, in flat arrays.
///
/// A node's constant children live in one shared hash table keyed by (node, segment bytes);
/// its parameter children sit in an array slice in precedence order (integers, `UUID`, `Bool`,
/// `Double`, other types in declaration order, `String`); a catch-all ends the link there.
/// Matching is depth-first with backtracking. The trie is a tree, so each node is visited at
/// most once per lookup: the worst case is bounded by the trie's size, never exponential.
///
/// The trie knows nothing of `Route`: it maps bytes to a link index and the segments its
/// parameters took.
@usableFromInline
struct LinkTrie: Sendable {
    struct Node: Sendable {
        var firstEdge: Int32 = 0
        var edgeCount: Int32 = 0
        /// The link whose catch-all starts here, or -1.
        var catchAll: Int32 = -1
        /// The link that ends here, or -1.
        var terminal: Int32 = -1
        /// Whether the node has constant children, so that a lookup can be skipped.
        var hasConstants = false
    }

    /// How a parameter child checks a segment.
    enum Check: Hashable, Sendable {
        case integer(bits: UInt8, signed: Bool)
        case uuid
        case bool
        case double
        case custom(Int32)
        case string

        init(_ kind: ParameterKind, custom: Int32) {
            switch kind {
            case .integer(let bits, let signed): self = .integer(bits: UInt8(bits), signed: signed)
            case .uuid: self = .uuid
            case .bool: self = .bool
            case .double: self = .double
            case .custom: self = .custom(custom)
            case .string: self = .string
            }
        }
    }

    struct Edge: Sendable {
        var check: Check
        var child: Int32
    }

    var nodes: [Node] = [Node()]
    var edges: [Edge] = []
    var constants = ByteKeyTable()
    /// The checks of custom parameter types, by index.
    var checkers: [@Sendable (Substring) -> Bool] = []
    /// Whether each link matches its constants in any case.
    var caseInsensitive: [Bool] = []

    // MARK: Matching

    /// The link that the segments match. A link's template segments take one input segment
    /// each, and a catch-all the rest, so the match needs no list of captures.
    ///
    /// With `loose`, typed parameters accept any segment: used only after a failed match, to
    /// tell a value of the wrong type from a path that matches nothing.
    @usableFromInline
    func match(
        _ segments: UnsafeBufferPointer<PathSegment>,
        input: UnsafeBufferPointer<UInt8>,
        scratch: UnsafeBufferPointer<UInt8>,
        loose: Bool = false
    ) -> Int32? {
        let search = Search(trie: self, segments: segments, input: input, scratch: scratch, loose: loose)
        return search.visit(node: 0, index: 0, folded: false)
    }

    private struct Search {
        let trie: LinkTrie
        let segments: UnsafeBufferPointer<PathSegment>
        let input: UnsafeBufferPointer<UInt8>
        let scratch: UnsafeBufferPointer<UInt8>
        let loose: Bool

        func allowed(_ link: Int32, folded: Bool) -> Bool {
            !folded || trie.caseInsensitive[Int(link)]
        }

        func visit(node index: Int32, index position: Int, folded: Bool) -> Int32? {
            let node = trie.nodes[Int(index)]
            guard position < segments.count else {
                return node.terminal >= 0 && allowed(node.terminal, folded: folded) ? node.terminal : nil
            }
            let segment = segments[position]
            if segment.canBeConstant && node.hasConstants {
                let key = segment.keyInScratch ? scratch : input
                let hash = ByteKeyTable.finish(segment.keyHash, scope: index)
                if let child = trie.constants.find(
                    scope: index, hash: hash, key: key, start: Int(segment.keyStart), end: Int(segment.keyEnd)),
                    let link = visit(node: child, index: position + 1, folded: folded || segment.folded)
                {
                    return link
                }
            }
            var edge = Int(node.firstEdge)
            let lastEdge = edge + Int(node.edgeCount)
            while edge < lastEdge {
                let candidate = trie.edges[edge]
                if loose || trie.accepts(candidate.check, segment, input),
                    let link = visit(node: candidate.child, index: position + 1, folded: folded)
                {
                    return link
                }
                edge += 1
            }
            if node.catchAll >= 0, allowed(node.catchAll, folded: folded) { return node.catchAll }
            return nil
        }
    }

    /// Whether a segment is a value of the check's kind; built-in kinds are checked on bytes.
    func accepts(_ check: Check, _ segment: PathSegment, _ input: UnsafeBufferPointer<UInt8>) -> Bool {
        if case .string = check { return true }
        if segment.hasPercent {
            guard var text = try? PercentDecoding.decode(input, Int(segment.start), Int(segment.end), mode: .linkSegment)
            else { return false }
            return text.withUTF8 { accepts(check, bytes: $0) }
        }
        return accepts(check, bytes: UnsafeBufferPointer(rebasing: input[Int(segment.start)..<Int(segment.end)]))
    }

    private func accepts(_ check: Check, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch check {
        case .integer(let bits, let signed):
            return IntegerText.fits(bytes, bits: Int(bits), signed: signed)
        case .uuid:
            return UUIDText.isUUID(bytes)
        case .bool:
            return bytes.elementsEqual("true".utf8) || bytes.elementsEqual("false".utf8)
        case .double:
            guard DecimalText.isDecimal(bytes), let value = Double(String(decoding: bytes, as: UTF8.self)) else {
                return false
            }
            return value.isFinite
        case .custom(let index):
            return checkers[Int(index)](String(decoding: bytes, as: UTF8.self)[...])
        case .string:
            return true
        }
    }
}

/// One segment of an input path, as the scanner found it.
@usableFromInline
struct PathSegment: Sendable {
    /// The raw bytes, in the input.
    @usableFromInline
    var start: Int32
    @usableFromInline
    var end: Int32
    /// The key a constant is compared with: the raw bytes, or a normalised copy in the scratch
    /// buffer (percent-encoded unreserved bytes decoded, upper case folded).
    var keyStart: Int32
    var keyEnd: Int32
    /// The FNV-1a hash of the key, before ``ByteKeyTable/finish(_:scope:)``.
    var keyHash: UInt64
    var keyInScratch: Bool
    /// Whether the segment can equal a constant at all.
    var canBeConstant: Bool
    /// Whether the key was folded from upper case: only case-insensitive links may match it.
    var folded: Bool
    /// Whether the raw bytes hold a `%` escape.
    var hasPercent: Bool
}
