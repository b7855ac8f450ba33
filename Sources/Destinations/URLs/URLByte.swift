/// Byte classes of the URL grammar, as fast predicates over UTF-8 code units.
///
/// Everything here works on raw bytes: no `Character`, no `Unicode.Scalar`, no Foundation.
@usableFromInline
enum URLByte {
    @inlinable static var slash: UInt8 { 0x2F }  // /
    @inlinable static var openParen: UInt8 { 0x28 }  // (
    @inlinable static var closeParen: UInt8 { 0x29 }  // )
    @inlinable static var comma: UInt8 { 0x2C }  // ,
    @inlinable static var colon: UInt8 { 0x3A }  // :
    @inlinable static var bang: UInt8 { 0x21 }  // !
    @inlinable static var star: UInt8 { 0x2A }  // *
    @inlinable static var at: UInt8 { 0x40 }  // @
    @inlinable static var plus: UInt8 { 0x2B }  // +
    @inlinable static var equals: UInt8 { 0x3D }  // =
    @inlinable static var ampersand: UInt8 { 0x26 }  // &
    @inlinable static var question: UInt8 { 0x3F }  // ?
    @inlinable static var hash: UInt8 { 0x23 }  // #
    @inlinable static var percent: UInt8 { 0x25 }  // %
    @inlinable static var dollar: UInt8 { 0x24 }  // $
    @inlinable static var dot: UInt8 { 0x2E }  // .
    @inlinable static var dash: UInt8 { 0x2D }  // -
    @inlinable static var space: UInt8 { 0x20 }

    /// RFC 3986 *unreserved*: `A–Z a–z 0–9 - . _ ~`.
    @inlinable @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: true
        default: false
        }
    }

    /// `[a-z]`.
    @inlinable @inline(__always)
    static func isLowercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }

    /// `[A-Z]`.
    @inlinable @inline(__always)
    static func isUppercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }

    /// `[0-9]`.
    @inlinable @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// The byte with ASCII upper case folded to lower case.
    @inlinable @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 { isUppercaseLetter(byte) ? byte | 0x20 : byte }

    /// A C0 control, DEL, or a space: never part of a URL as is.
    @inlinable @inline(__always)
    static func isControlOrSpace(_ byte: UInt8) -> Bool { byte <= 0x20 || byte == 0x7F }

    /// The value of a hexadecimal digit of either case.
    @inlinable @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte &- 0x30
        case 0x41...0x46: byte &- 0x41 &+ 10
        case 0x61...0x66: byte &- 0x61 &+ 10
        default: nil
        }
    }

    /// The upper-case hexadecimal digit of a nibble.
    @inlinable @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 &+ nibble : 0x41 &+ nibble &- 10 }

    /// Whether `text` is a keyword or a template name: `[a-z][a-z0-9-]*`.
    static func isKeyword(_ text: some StringProtocol) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLowercaseLetter(first) else { return false }
        while let byte = bytes.next() {
            guard isLowercaseLetter(byte) || isDigit(byte) || byte == dash else { return false }
        }
        return true
    }

    /// Whether `text` is a URL label or a link constant: `[a-z0-9][a-z0-9._-]*`.
    static func isLabel(_ text: some StringProtocol) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLowercaseLetter(first) || isDigit(first) else { return false }
        while let byte = bytes.next() {
            guard isLowercaseLetter(byte) || isDigit(byte) || byte == dash || byte == dot || byte == 0x5F else {
                return false
            }
        }
        return true
    }
}

/// A half-open range of byte offsets into the input, kept small for the hot path.
@usableFromInline
struct ByteRange: Hashable, Sendable {
    var start: Int32
    var end: Int32

    @usableFromInline
    init(_ start: Int, _ end: Int) {
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
    }

    @usableFromInline
    var lower: Int { Int(start) }
    @usableFromInline
    var upper: Int { Int(end) }
    var count: Int { Int(end - start) }
    var isEmpty: Bool { start == end }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes of `range` as a string, for messages: at most 64 bytes; a UTF-8 sequence cut
    /// at the end is repaired, as `String(decoding:as:)` does.
    @usableFromInline
    func echo(_ range: ByteRange) -> String {
        echo(range.lower, range.upper)
    }

    /// The bytes from `start` to `end` as a string, for messages: at most 64 bytes.
    @usableFromInline
    func echo(_ start: Int, _ end: Int) -> String {
        let upper = Swift.min(end, start + 64, count)
        guard start < upper else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: self[start..<upper]), as: UTF8.self)
    }
}

/// Runs `body` over the UTF-8 bytes of `text` without copying when the string is native, and
/// over one copy otherwise.
@inlinable @inline(__always)
func withUTF8Bytes<Result>(
    of text: String,
    _ body: (UnsafeBufferPointer<UInt8>) throws(DeepLinkError) -> Result
) throws(DeepLinkError) -> Result {
    var result: Result?
    var failure: DeepLinkError?
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
        do throws(DeepLinkError) {
            result = try body(bytes)
        } catch {
            failure = error
        }
    }
    if done == nil {
        let copy = Array(text.utf8)
        copy.withUnsafeBufferPointer { bytes in
            do throws(DeepLinkError) {
                result = try body(bytes)
            } catch {
                failure = error
            }
        }
    }
    if let failure { throw failure }
    guard let result else { preconditionFailure("the body ran") }
    return result
}

/// Two temporary buffers in one allocation, for one closure (nesting one closure per buffer
/// would move the result once more on its way out of each), with a typed error: the standard
/// library of some platforms declares `withUnsafeTemporaryAllocation` `rethrows`, which loses
/// the error's type. The element types must be trivial.
@inlinable @inline(__always)
func withTemporaryBuffers<First, Second, Result>(
    of first: First.Type,
    capacity firstCapacity: Int,
    and second: Second.Type,
    capacity secondCapacity: Int,
    _ body: (UnsafeMutableBufferPointer<First>, UnsafeMutableBufferPointer<Second>) throws(DeepLinkError) -> Result
) throws(DeepLinkError) -> Result {
    // The buffers are never deinitialised: their elements must hold no references.
    assert(_isPOD(First.self) && _isPOD(Second.self), "temporary buffers hold trivial values only")
    let secondAlignment = MemoryLayout<Second>.alignment
    let secondOffset = (MemoryLayout<First>.stride * firstCapacity + secondAlignment - 1) / secondAlignment * secondAlignment
    let byteCount = secondOffset + MemoryLayout<Second>.stride * secondCapacity
    let alignment = max(MemoryLayout<First>.alignment, secondAlignment)
    var failure: DeepLinkError?
    let result: Result? = withUnsafeTemporaryAllocation(byteCount: max(byteCount, 1), alignment: alignment) { raw in
        let base = raw.baseAddress!
        let firstBuffer = UnsafeMutableBufferPointer(
            start: base.bindMemory(to: First.self, capacity: firstCapacity), count: firstCapacity)
        let secondBuffer = UnsafeMutableBufferPointer(
            start: (base + secondOffset).bindMemory(to: Second.self, capacity: secondCapacity), count: secondCapacity)
        do throws(DeepLinkError) {
            return try body(firstBuffer, secondBuffer)
        } catch {
            failure = error
            return nil
        }
    }
    if let failure { throw failure }
    guard let result else { preconditionFailure("the body returned or threw") }
    return result
}
