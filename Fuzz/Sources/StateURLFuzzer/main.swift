import Destinations
import DestinationsURLs
import FuzzerEntry
import URLFuzzSupport

/// F2: the state URL parser. The input follows `notes://`, so it starts with a scene name; a
/// parsed state must print canonically.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var ids = SequentialElementIDs()
    let url = "notes://" + FuzzRouter.text(data, size)
    // Not `if case .state(…)? = try? parse(…)`: with Swift 6.3.1, `-O -sanitize=fuzzer,address`,
    // that form made the caller hand `parse` a result slot outside its frame's objects
    // (AddressSanitizer: stack-buffer-overflow, a 185-byte write from `Result.get`/
    // `withUTF8Bytes` on the input `n/1`). A `do`/`catch` compiles correctly.
    let parsed: ParsedURL<FuzzRoute>
    do {
        parsed = try FuzzRouter.router.parse(url, ids: &ids, limits: .trusted)
    } catch {
        return 0
    }
    if case .state(let scene, let state) = parsed {
        FuzzRouter.checkCanonical(state, scene: scene)
    }
    return 0
}
