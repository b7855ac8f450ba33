import Destinations
import DestinationsURLs
import FuzzerEntry
import URLFuzzSupport

/// F1: the deep-link matcher, from an `https` prefix (the first segment is not a scene here);
/// an input that starts with `//` names its own host (links from the web: host patterns,
/// parameters inside a segment, links that decline, the fallback).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLink(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var ids = SequentialElementIDs()
    let text = FuzzRouter.text(data, size)
    let url = text.hasPrefix("//") ? "https:" + text : "https://notes.example.com/" + text
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
        if let host = match.host, host != host.lowercased() { fatalError("a host read in upper case: \(url)") }
    }
    return 0
}
