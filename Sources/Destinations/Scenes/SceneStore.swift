public import Foundation

/// Where per-scene snapshots are kept.
public protocol SceneStore: Sendable {
    /// The snapshot saved for `sceneID`, or `nil`.
    func load(_ sceneID: String) -> Data?
    /// Saves the snapshot of `sceneID`, replacing any.
    func save(_ data: Data, for sceneID: String)
    /// Deletes the snapshot of `sceneID`.
    func delete(_ sceneID: String)
}

/// Snapshots kept in memory: for tests and previews.
public final class InMemorySceneStore: SceneStore, @unchecked Sendable {
    private var snapshots: [String: Data] = [:]
    private let lock = NSLock()

    /// Creates an empty store.
    public init() {}

    public func load(_ sceneID: String) -> Data? { lock.withLock { snapshots[sceneID] } }
    public func save(_ data: Data, for sceneID: String) { lock.withLock { snapshots[sceneID] = data } }
    public func delete(_ sceneID: String) { lock.withLock { _ = snapshots.removeValue(forKey: sceneID) } }

    /// The ids of the scenes with a snapshot.
    public var sceneIDs: Set<String> { lock.withLock { Set(snapshots.keys) } }
}

/// Snapshots kept as files in a directory, one per scene.
public struct FileSceneStore: SceneStore {
    /// The directory.
    public let directory: URL

    /// Creates a store in `directory`, which it creates when missing.
    public init(directory: URL) {
        self.directory = directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    public func load(_ sceneID: String) -> Data? { try? Data(contentsOf: file(sceneID)) }
    public func save(_ data: Data, for sceneID: String) { try? data.write(to: file(sceneID), options: .atomic) }
    public func delete(_ sceneID: String) { try? FileManager.default.removeItem(at: file(sceneID)) }

    /// The file of a scene: its id with every byte outside `[A-Za-z0-9-_]` escaped, so that an
    /// id never names another path.
    func file(_ sceneID: String) -> URL {
        var name = ""
        for byte in sceneID.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                name.append(Character(UnicodeScalar(byte)))
            default:
                name += String(format: "%%%02X", byte)
            }
        }
        return directory.appendingPathComponent("scene-\(name).json")
    }
}
