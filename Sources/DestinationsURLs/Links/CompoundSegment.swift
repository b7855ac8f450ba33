/// A link segment of typed parameters with constants around and between them: `@{user}`,
/// `{user}@{host}`, `v{version}.json`. A parameter ends at the first occurrence of the constant
/// after it (so a user name never holds a raw `@`); each parameter takes at least one byte.
struct CompoundSegment: Hashable, Sendable {
    /// The constants: before the first parameter, between parameters (never empty), after the last.
    let literals: [[UInt8]]
    /// The placeholder index of each parameter, in order.
    let parameters: [Int]
    /// The precedence among the segments with constants at one place: more parameters first, then
    /// more constant bytes (`@{user}@{server}` before `@{user}`).
    var rank: Int { parameters.count << 16 + literals.reduce(0) { $0 + $1.count } }
    /// The bytes a constant in a segment may hold: unreserved, and `@ : + ! , ; =`.
    static func isLiteralByte(_ byte: UInt8) -> Bool {
        URLByte.isUnreserved(byte) || "@:+!,;=".utf8.contains(byte)
    }
    /// Whether a route pattern's constant (a state URL's) may hold `byte`: not `!` nor `,`, which
    /// mark modals and members; `first` after a placeholder, no letter, digit or `.`, which a
    /// value's escape (`%2E`, `$.`) could hold.
    static func isRouteLiteralByte(_ byte: UInt8, first: Bool) -> Bool {
        guard byte != UInt8(ascii: "!"), byte != UInt8(ascii: ",") else { return false }
        let alphanumeric = URLByte.isLowercaseLetter(byte) || URLByte.isUppercaseLetter(byte) || URLByte.isDigit(byte)
        return !first || !(alphanumeric || byte == UInt8(ascii: "."))
    }
    /// The byte range of each parameter in `bytes[range]`; `nil` when the segment does not fit.
    func split(_ bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>]? {
        let (head, tail) = (literals[0], literals[literals.count - 1])
        guard range.count >= head.count + tail.count + parameters.count,
            bytes[range].starts(with: head), bytes[range].reversed().starts(with: tail.reversed())
        else { return nil }
        let end = range.upperBound - tail.count
        var position = range.lowerBound + head.count
        var pieces: [Range<Int>] = []
        pieces.reserveCapacity(parameters.count)
        for index in parameters.indices {
            guard index < parameters.count - 1 else {
                guard position < end else { return nil }
                pieces.append(position..<end)
                break
            }
            let separator = literals[index + 1]
            guard let found = Self.firstIndex(of: separator, in: bytes, from: position + 1, to: end) else {
                return nil
            }
            pieces.append(position..<found)
            position = found + separator.count
        }
        return pieces
    }
    /// The segment printed from its parameters' values, each percent-encoded whole.
    func print(_ values: [String]) -> [UInt8] {
        var out = literals[0]
        for (index, value) in values.enumerated() {
            PercentCoding.appendComponent(value, to: &out)
            out += literals[index + 1]
        }
        return out
    }
    /// The segment as a state URL prints it: each value as a whole segment would be (`$` for the
    /// empty string, `$.` and `$..`), and the first byte of the constant after it escaped, so
    /// that the constant ends the value and it reads back.
    func printState(_ values: [[String]], to out: inout [UInt8]) {
        out += literals[0]
        for (index, parameter) in parameters.enumerated() {
            let next = literals[index + 1].first
            var value: [UInt8] = []
            PercentCoding.appendSegment(values[parameter].first ?? "", to: &value)
            for byte in value {
                if byte == next {
                    out += [UInt8(ascii: "%")] + Self.hex(byte)
                } else {
                    out.append(byte)
                }
            }
            out += literals[index + 1]
        }
    }
    private static func hex(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        guard start + needle.count <= end else { return nil }
        return (start...(end - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
