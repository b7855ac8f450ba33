public import Foundation

/// Skips restoring once after a launch that crashed while restoring, so that a snapshot that
/// crashes the app cannot crash every launch after it.
///
/// ```swift
/// let breaker = CrashLoopBreaker(marker: cachesDirectory.appending(path: "restoring-main"))
/// if breaker.beginRestoring() {
///     try flow.restore(restoration.restore(saved).state)
///     breaker.finishRestoring()
/// }   // else: the last launch died while restoring; start from the initial state
/// ```
///
/// A marker file is written before restoring and removed after; finding it at the next launch
/// means that launch never finished restoring.
public struct CrashLoopBreaker: Sendable {
    /// Where the marker is kept: a file the app owns, one per scene.
    public let marker: URL

    /// Creates a breaker keeping its marker at `marker`.
    public init(marker: URL) {
        self.marker = marker
    }

    /// Whether to restore now. Returns `false`, once, when the previous attempt never
    /// finished (and clears the marker, so that the launch after restores again); otherwise
    /// writes the marker and returns `true`. When the marker cannot be written it still
    /// returns `true`: it cannot protect, but it never blocks restoring.
    public func beginRestoring() -> Bool {
        if FileManager.default.fileExists(atPath: marker.path) {
            try? FileManager.default.removeItem(at: marker)
            return false
        }
        _ = FileManager.default.createFile(atPath: marker.path, contents: Data())
        return true
    }

    /// Records that restoring finished: the next launch restores.
    public func finishRestoring() {
        try? FileManager.default.removeItem(at: marker)
    }
}
