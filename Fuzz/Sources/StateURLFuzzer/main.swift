import Destinations
import FuzzerEntry
import URLFuzzSupport

/// F2: the state URL parser. The input follows `notes://`, so it starts with a scene name; a
/// parsed state must print canonically.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var ids = SequentialElementIDs()
    let url = "notes://" + FuzzRouter.text(data, size)
    if case .state(let scene, let state)? = try? FuzzRouter.router.parse(url, ids: &ids, limits: .trusted) {
        FuzzRouter.checkCanonical(state, scene: scene)
    }
    return 0
}
