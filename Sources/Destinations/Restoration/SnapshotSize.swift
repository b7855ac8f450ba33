/// The size of a saved tree, measured before any of it is read, so that a snapshot over the
/// restoration limits is refused whole instead of cut short; and its largest element id, so
/// that elements built afresh take ids above every saved one.
struct SnapshotSize {
    /// The saved elements: every object read as a node (stack elements, tabs, columns, modals).
    private(set) var elements = 0
    /// The deepest nesting of elements; the root is at depth 0.
    private(set) var depth = 0
    /// The largest valid saved element id, below ``ElementID/maximum``. Only elements' own ids
    /// count, never an `"id"` inside a route's payload.
    private(set) var largestID: UInt64 = 0

    /// Measures `tree` without recursion, so a hostile tree cannot overflow the stack, in one
    /// pass over each element's members.
    init(_ tree: SnapshotValue) {
        var pending = [(tree, 0)]
        while let (element, level) = pending.popLast() {
            guard case .object(let members) = element else { continue }
            elements += 1
            depth = max(depth, level)
            for (key, member) in members {
                switch key {
                case "id":
                    if case .integer(let id) = member, id > 0, UInt64(id) <= ElementID.maximum.rawValue {
                        largestID = max(largestID, UInt64(id))
                    }
                case "stack":
                    guard case .array(let stack) = member else { continue }
                    for child in stack { pending.append((child, level + 1)) }
                case "tabs":
                    guard case .array(let tabs) = member else { continue }
                    for tab in tabs { if let node = tab["node"] { pending.append((node, level + 1)) } }
                case "split":
                    for column in ["sidebar", "content", "detail"] {
                        if let node = member[column] { pending.append((node, level + 1)) }
                    }
                case "modal":
                    if let content = member["content"] { pending.append((content, level + 1)) }
                default:
                    break
                }
            }
        }
        largestID = min(largestID, ElementID.maximum.rawValue - 1)
    }
}
