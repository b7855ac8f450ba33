/// The command line: `CallgrindLoop [mode] [--depth N] [--iterations N] [--warm-up N]`.
struct LoopOptions {
    var mode = LoopMode.pushBack
    var depth = 1_000
    var iterations = 10_000
    var warmUp = 1_000

    static let usage = """
        usage: CallgrindLoop [\(LoopMode.allCases.map(\.rawValue).joined(separator: "|"))] \
        [--depth N] [--iterations N] [--warm-up N]
        """

    /// An argument that is not understood.
    struct Invalid: Error, CustomStringConvertible {
        let argument: String
        var description: String { "invalid argument: \(argument)" }
    }

    init(_ arguments: some Sequence<String>) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--depth": depth = try Self.number(iterator.next(), for: argument)
            case "--iterations": iterations = try Self.number(iterator.next(), for: argument)
            case "--warm-up": warmUp = try Self.number(iterator.next(), for: argument)
            default:
                guard let mode = LoopMode(rawValue: argument) else { throw Invalid(argument: argument) }
                self.mode = mode
            }
        }
    }

    private static func number(_ text: String?, for option: String) throws -> Int {
        guard let text, let value = Int(text), value >= 0 else { throw Invalid(argument: "\(option) \(text ?? "")") }
        return value
    }
}
