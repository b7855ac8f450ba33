import Destinations
import Foundation

/// Prints a screen's state (``/Destinations/StatefulDestination/screenState``) as the harness shows it in
/// expectations, transcripts and diffs: one field a line, nested values on one line when they
/// are short and spread over several when they are long, so that a diff points at the field
/// that changed.
///
/// ```
/// state of meeting(id: 1)
///   title: "Standup"
///   attendees: ["Blob", "Blob Jr"]
///   secondsElapsed: 3
///   isTimerRunning: true
/// ```
///
/// Strings print quoted, optionals as their value or `nil`, enums as `.case` or
/// `.case(payload)`, structs as `Type(field: value)`, collections in brackets (sets and
/// dictionaries sorted). A type that conforms to `CustomStringConvertible` prints its
/// `description`.
public enum ScreenStateText {
    /// The longest a nested value prints on one line before it is spread over several.
    public static let width = 72

    /// The lines of a state: its fields, one a line, or the value on one line when it has
    /// no fields.
    public static func lines(of value: Any) -> [String] {
        fields(of: value).flatMap { $0 }
    }

    /// The lines of a state field by field: the lines of each field, or the value's lines as
    /// one field when it has no fields. A step that asserts only what changed shows the fields
    /// whose lines differ.
    static func fields(of value: Any) -> [[String]] {
        let mirror = Mirror(reflecting: value)
        guard isRecord(value, mirror), !mirror.children.isEmpty else { return [expanded(value, indent: "")] }
        return mirror.children.enumerated().map { index, child in
            let label = child.label ?? "\(index)"
            var rendered = expanded(child.value, indent: "")
            rendered[0] = "\(label): \(rendered[0])"
            return rendered
        }
    }

    /// A value on one line.
    public static func compact(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { compact($0.value) } ?? "nil"
        case .collection:
            return "[" + mirror.children.map { compact($0.value) }.joined(separator: ", ") + "]"
        case .set:
            return "[" + mirror.children.map { compact($0.value) }.sorted().joined(separator: ", ") + "]"
        case .dictionary:
            let pairs = dictionaryPairs(mirror)
            return pairs.isEmpty ? "[:]" : "[" + pairs.joined(separator: ", ") + "]"
        case .tuple:
            return "(" + fields(mirror).joined(separator: ", ") + ")"
        default:
            break
        }
        if let leaf = leafText(value) { return leaf }
        switch mirror.displayStyle {
        case .enum:
            guard let payload = mirror.children.first else { return ".\(value)" }
            let inner = Mirror(reflecting: payload.value)
            let arguments =
                inner.displayStyle == .tuple ? fields(inner).joined(separator: ", ") : compact(payload.value)
            return ".\(payload.label ?? "\(value)")(\(arguments))"
        default:
            return "\(typeName(value))(" + fields(mirror).joined(separator: ", ") + ")"
        }
    }

    /// A value over as many lines as it needs: on one line when that fits ``width``.
    static func expanded(_ value: Any, indent: String) -> [String] {
        let line = compact(value)
        let mirror = Mirror(reflecting: value)
        guard line.count + indent.count > width, !mirror.children.isEmpty else { return [line] }
        let inner = indent + "  "
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { expanded($0.value, indent: indent) } ?? ["nil"]
        case .collection, .set:
            var items = mirror.children.map { expanded($0.value, indent: inner) }
            if mirror.displayStyle == .set { items.sort { $0.joined() < $1.joined() } }
            return ["["] + items.flatMap { item in indented(item, by: "  ", last: ",") } + ["]"]
        case .dictionary:
            return ["["] + dictionaryPairs(mirror).map { "  \($0)," } + ["]"]
        case .struct, .class:
            guard leafText(value) == nil else { return [line] }
            var lines = ["\(typeName(value))("]
            for (index, child) in mirror.children.enumerated() {
                var rendered = expanded(child.value, indent: inner)
                rendered[0] = "\(child.label ?? "\(index)"): \(rendered[0])"
                lines += indented(rendered, by: "  ", last: ",")
            }
            return lines + [")"]
        default:
            return [line]
        }
    }

    private static func indented(_ lines: [String], by prefix: String, last: String) -> [String] {
        lines.enumerated().map { index, line in prefix + line + (index == lines.count - 1 ? last : "") }
    }

    private static func fields(_ mirror: Mirror) -> [String] {
        mirror.children.map { child in
            guard let label = child.label, !label.hasPrefix(".") else { return compact(child.value) }
            return "\(label): \(compact(child.value))"
        }
    }

    private static func dictionaryPairs(_ mirror: Mirror) -> [String] {
        mirror.children.map { pair in
            let parts = Mirror(reflecting: pair.value).children.map { compact($0.value) }
            return parts.count == 2 ? "\(parts[0]): \(parts[1])" : compact(pair.value)
        }.sorted()
    }

    /// How a value prints when it prints as itself: strings quoted, numbers, and what a type
    /// describes itself as.
    private static func leafText(_ value: Any) -> String? {
        switch value {
        case let string as String: return string.debugDescription
        case let character as Character: return String(character).debugDescription
        case let substring as Substring: return String(substring).debugDescription
        case let uuid as UUID: return uuid.uuidString
        case let url as URL: return url.absoluteString
        case let date as Date: return date.description
        case let described as any CustomStringConvertible: return described.description
        default: return nil
        }
    }

    private static func isRecord(_ value: Any, _ mirror: Mirror) -> Bool {
        (mirror.displayStyle == .struct || mirror.displayStyle == .class) && !(value is any CustomStringConvertible)
    }

    private static func typeName(_ value: Any) -> String {
        let name = String(describing: type(of: value))
        return name
    }
}
