import Destinations
import Synchronization

/// An in-memory log: what an enabled ``FlowLogger`` costs without any I/O.
///
/// It keeps at most ``capacity`` messages, dropping them all when full, so that a long
/// benchmark does not grow its memory.
public final class LogBuffer: Sendable {
    /// The number of messages kept before the buffer starts over.
    public let capacity: Int
    private let storage = Mutex<(messages: [String], total: Int)>(([], 0))

    /// Creates an empty buffer.
    public init(capacity: Int = 4_096) {
        self.capacity = capacity
        storage.withLock { $0.messages.reserveCapacity(capacity) }
    }

    /// Appends a message.
    public func append(_ level: FlowLogger.Level, _ message: String) {
        storage.withLock { log in
            if log.messages.count == capacity { log.messages.removeAll(keepingCapacity: true) }
            log.messages.append(message)
            log.total += 1
        }
    }

    /// How many messages were appended since the buffer was created.
    public var total: Int { storage.withLock { $0.total } }

    /// A logger that appends every message, whatever its level, to this buffer.
    public var logger: FlowLogger {
        FlowLogger { [self] level, message in append(level, message) }
    }
}
