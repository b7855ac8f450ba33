/// The items of a link's query, `key=value` separated by `&`, read in place.
///
/// Empty items (`a=1&&b=2`) are skipped; an item without `=` has an empty value. Unknown items
/// count towards the limit like any other.
@usableFromInline
struct QueryScanner: Sequence {
    @usableFromInline
    struct Item {
        @usableFromInline
        var key: ByteRange
        @usableFromInline
        var value: ByteRange
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the query starts (after `?`) and ends (before `#`); empty when there is none.
    let start: Int
    let end: Int
    /// The number of items.
    @usableFromInline
    let count: Int

    /// The query of the URL whose path ends at `pathEnd`, at a `?`, a `#` or the end.
    @usableFromInline
    init(_ bytes: UnsafeBufferPointer<UInt8>, from pathEnd: Int) {
        self.bytes = bytes
        guard pathEnd < bytes.count, bytes[pathEnd] == URLByte.question else {
            (start, end, count) = (pathEnd, pathEnd, 0)
            return
        }
        start = pathEnd + 1
        var end = start
        var count = 0
        var itemStart = start
        while end < bytes.count, bytes[end] != URLByte.hash {
            if bytes[end] == URLByte.ampersand {
                if end > itemStart { count += 1 }
                itemStart = end + 1
            }
            end += 1
        }
        if end > itemStart { count += 1 }
        self.end = end
        self.count = count
    }

    @usableFromInline
    func makeIterator() -> Iterator { Iterator(bytes: bytes, position: start, end: end) }

    @usableFromInline
    struct Iterator: IteratorProtocol {
        @usableFromInline
        let bytes: UnsafeBufferPointer<UInt8>
        @usableFromInline
        var position: Int
        @usableFromInline
        let end: Int

        @usableFromInline
        init(bytes: UnsafeBufferPointer<UInt8>, position: Int, end: Int) {
            self.bytes = bytes
            self.position = position
            self.end = end
        }

        @usableFromInline
        mutating func next() -> Item? {
            while position < end {
                let itemStart = position
                var equals = -1
                while position < end, bytes[position] != URLByte.ampersand {
                    if equals < 0 && bytes[position] == URLByte.equals { equals = position }
                    position += 1
                }
                let itemEnd = position
                position += 1
                guard itemEnd > itemStart else { continue }
                if equals < 0 { return Item(key: ByteRange(itemStart, itemEnd), value: ByteRange(itemEnd, itemEnd)) }
                return Item(key: ByteRange(itemStart, equals), value: ByteRange(equals + 1, itemEnd))
            }
            return nil
        }
    }

    /// Whether the item's decoded key is `key`, in any ASCII case when `foldingCase`.
    @usableFromInline
    func key(of item: Item, equals key: String, foldingCase: Bool) throws(DeepLinkError) -> Bool {
        var plain = true
        for index in item.key.lower..<item.key.upper where bytes[index] == URLByte.percent || bytes[index] == URLByte.plus {
            plain = false
        }
        if plain {
            guard item.key.count == key.utf8.count else { return false }
            var index = item.key.lower
            for byte in key.utf8 {
                let input = foldingCase ? URLByte.lowercased(bytes[index]) : bytes[index]
                guard input == byte else { return false }
                index += 1
            }
            return true
        }
        let decoded = try PercentDecoding.decode(bytes, item.key.lower, item.key.upper, mode: .linkQuery)
        return foldingCase ? decoded.lowercased() == key : decoded == key
    }
}
