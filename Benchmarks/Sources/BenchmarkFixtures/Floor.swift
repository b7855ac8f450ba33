/// The least a navigation can cost: an array stack of ids and a dictionary of the same kind of
/// Destination objects, with push = append + insert a new object and back = removeLast +
/// remove. Benchmarks measure it in the same run as the flow, as the floor of each operation.
@MainActor
public final class FloorStack {
    /// The ids on the stack, bottom first.
    public private(set) var stack: [Int]
    /// The live objects, by id.
    public private(set) var objects: [Int: AnyObject]
    private var nextID: Int

    /// Builds a stack of `depth` objects, plus one for the other tab as ``Layout/deepTabs(depth:)``
    /// has.
    public init(depth: Int) {
        stack = Array(0..<depth)
        objects = Dictionary(minimumCapacity: depth + 1)
        for id in 0...depth { objects[id] = BenchScreen() }
        nextID = depth + 1
    }

    /// Pushes a new object.
    public func push() {
        let id = nextID
        nextID += 1
        stack.append(id)
        objects[id] = BenchScreen()
    }

    /// Pops the top object.
    public func back() {
        let id = stack.removeLast()
        objects.removeValue(forKey: id)
    }

    /// The object with `id`: the floor of a read.
    public func object(_ id: Int) -> AnyObject? {
        objects[id]
    }
}
