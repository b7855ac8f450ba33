import Destinations
import DestinationsURLs
import FuzzerEntry
import URLFuzzSupport

/// F1: the deep-link matcher, from an `https` prefix (the first segment is not a scene here).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLink(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var ids = SequentialElementIDs()
    let url = "https://notes.example.com/" + FuzzRouter.text(data, size)
    // `do`/`catch` rather than `try?` on `parse`: see StateURLFuzzer/main.swift.
    let parsed: ParsedURL<FuzzRoute>
    do {
        parsed = try FuzzRouter.router.parse(url, ids: &ids)
    } catch {
        return 0
    }
    switch parsed {
    case .state(let scene, let state):
        FuzzRouter.checkCanonical(state, scene: scene)
    case .link(let match):
        if case .state(let state) = match.resolved { FuzzRouter.checkCanonical(state, scene: match.scene) }
    }
    return 0
}
