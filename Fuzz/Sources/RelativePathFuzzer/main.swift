import Destinations
import DestinationsURLs
import FuzzerEntry
import URLFuzzSupport

/// F4: relative paths, resolved from every screen of a state with stacks, a sheet and tabs;
/// a resolved presentation applies or is refused with a typed error, never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRelativePath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = FuzzRouter.text(data, size)
    for anchor in state.screens.map(\.id) {
        var ids = SequentialElementIDs(startingAt: 1_000)
        guard
            let target = try? FuzzRouter.router.resolve(
                relative: path, in: state, scene: "main", from: anchor, ids: &ids)
        else {
            continue
        }
        switch target {
        case .presentation(let presentation):
            if let next = try? state.applying(presentation, from: anchor) {
                guard (try? FuzzRouter.router.stateURL(for: next, scene: "main")) != nil else { fatalError("\(next)") }
            }
        case .state(let state):
            FuzzRouter.checkCanonical(state, scene: "main")
        }
    }
    return 0
}

let state: NavigationState<FuzzRoute> = {
    do {
        return try NavigationState(FuzzRouter.main).applying(
            .path([
                .push(.note(id: 1)), .push(.note(id: 2)), .present(.stack([.editNote(id: 2), .about]), style: .sheet),
            ]))
    } catch {
        fatalError("\(error)")
    }
}()
