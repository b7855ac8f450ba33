import Foundation

/// JSON as the hub reads and writes it. Nothing an app or a page sends is passed on as text:
/// it is parsed, checked, and written again by the hub, so what pages receive is always JSON
/// the hub made.
enum JSONText {
    /// The deepest nesting of arrays and objects a message may have. A state nested deeper is
    /// refused with this reason rather than dropped by the parser.
    static let depthLimit = 200

    /// Why a text is not a JSON object the hub takes.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case tooLarge(bytes: Int, limit: Int)
        case tooDeep(limit: Int)
        case notJSON
        case notAnObject

        var description: String {
            switch self {
            case .tooLarge(let bytes, let limit): "\(bytes) bytes, more than the \(limit) a message may have"
            case .tooDeep(let limit): "nested deeper than \(limit) levels"
            case .notJSON: "not JSON"
            case .notAnObject: "not a JSON object"
            }
        }
    }

    /// The text without a leading byte-order mark: the mark is not JSON, and a page's parser
    /// refuses it.
    static func withoutByteOrderMark(_ text: Substring) -> Substring {
        text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text
    }

    /// Parses a JSON object of at most `limit` bytes and `depthLimit` levels.
    static func object(_ text: Substring, limit: Int) -> Result<[String: Any], Failure> {
        let text = withoutByteOrderMark(text)
        let bytes = text.utf8.count
        guard bytes <= limit else { return .failure(.tooLarge(bytes: bytes, limit: limit)) }
        guard depth(of: text.utf8) <= depthLimit else { return .failure(.tooDeep(limit: depthLimit)) }
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return .failure(.notJSON)
        }
        guard let object = value as? [String: Any] else { return .failure(.notAnObject) }
        return .success(object)
    }

    /// Parses a JSON object; nil for anything else. For texts the hub made or tests write.
    static func object(_ text: String) -> [String: Any]? {
        try? object(Substring(text), limit: .max).get()
    }

    /// The deepest nesting of arrays and objects outside strings; malformed text is measured
    /// as far as it goes. Counts only: never traps, whatever the bytes.
    static func depth(of bytes: some Sequence<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }

    /// The object as JSON text, written by the hub: strings escaped, numbers as the parser
    /// read them. A value JSON cannot hold (never one the parser made) is written as `null`.
    ///
    /// Foundation's writer costs about 0.3 ms for an event on Linux; at 500 events a second
    /// that alone is a sixth of a core, so the hub writes its own.
    static func text(_ object: [String: Any]) -> String {
        var out = ""
        out.reserveCapacity(256)
        write(object, into: &out, depth: 0)
        return out
    }

    private static func write(_ value: Any, into out: inout String, depth: Int) {
        guard depth <= depthLimit + 8 else {
            out += "null"
            return
        }
        switch value {
        case let text as String:
            out += quoted(text)
        case let number as NSNumber:
            out += literal(number)
        case let object as [String: Any]:
            out += "{"
            var first = true
            for key in object.keys.sorted() {
                guard let member = object[key] else { continue }
                if !first { out += "," }
                first = false
                out += quoted(key)
                out += ":"
                write(member, into: &out, depth: depth + 1)
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (i, item) in array.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out, depth: depth + 1)
            }
            out += "]"
        case let number as Int:
            out += String(number)
        case let flag as Bool:
            out += flag ? "true" : "false"
        case let number as Double where number.isFinite:
            out += "\(number)"
        default:
            out += "null"
        }
    }

    /// A number as JSON: true and false, integers as integers, other numbers in their shortest
    /// form.
    static func literal(_ number: NSNumber) -> String {
        let type = String(cString: number.objCType)
        switch type {
        case "c": return number.boolValue ? "true" : "false"
        case "d", "f":
            if number is NSDecimalNumber { return number.stringValue }
            let double = number.doubleValue
            return double.isFinite ? "\(double)" : "null"
        case "Q", "L", "I", "S", "C": return String(number.uint64Value)
        default: return String(number.int64Value)
        }
    }

    /// A JSON string literal of any text: quotes, backslashes and control characters escaped,
    /// and the two line separators JavaScript once refused.
    static func quoted(_ text: String) -> String {
        // Most texts need no escape: one pass over the bytes finds out.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
