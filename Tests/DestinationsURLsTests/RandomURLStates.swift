import Destinations
import DestinationsTesting
import DestinationsURLs
import Foundation

/// How many iterations a fuzz-style test runs: its default, or `DESTINATIONS_FUZZ_ITERATIONS`.
func fuzzIterations(_ default: Int) -> Int {
    ProcessInfo.processInfo.environment["DESTINATIONS_FUZZ_ITERATIONS"].flatMap(Int.init) ?? `default`
}

/// Random navigation states reached by random walks of presentations over a scene layout,
/// keeping one presentation chain (every modal on the focus path), as the core requires.
struct RandomURLStates {
    var random: SeededRandom

    static let payloads = [
        "", ".", "..", "...", "$", "$.", "~", "%2e", "%", "a/b", "(,)", ":@!*+=&?#[]", "é😀", "x y", "Café",
        "+", "-", "_", "'", "\"", "\\", "<>", "{}", "|", "^", "`",
        "a\u{7F}b".replacingOccurrences(of: "\u{7F}", with: ""),
    ]
    static let tabIDs: [TabID] = ["", ".", "~c", "a", "b", "x y", "é"]

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// Whether ``payload()`` gives any string at all: control characters, any plane of Unicode.
    var arbitraryStrings = false

    mutating func payload() -> String {
        if arbitraryStrings { return arbitraryString() }
        if chance(70) { return Self.payloads.randomElement(using: &random) ?? "" }
        let length = Int.random(in: 1...6, using: &random)
        return String(
            (0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &random))) })
    }

    /// Up to 12 scalars: ASCII with its control characters, the payloads' pieces, and scalars
    /// of the whole Unicode range (no surrogates, which no `String` holds).
    mutating func arbitraryString() -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random)))
            case 1: text += Self.payloads.randomElement(using: &random) ?? ""
            default:
                let value = UInt32.random(in: 0x80...0x10_FFFF, using: &random)
                text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            }
        }
        return text
    }

    mutating func integer() -> Int {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: .min
        case 1: .max
        case 2: 0
        case 3: 1
        case 4: -1
        default: Int.random(in: -100_000...100_000, using: &random)
        }
    }

    mutating func route() -> GoldenRoute {
        switch Int.random(in: 0..<21, using: &random) {
        case 0: .notes
        case 1: .settings
        case 2: .about
        case 3: .licenses
        case 4: .signIn
        case 5: .counter
        case 6: .note(id: integer())
        case 7: .noteCard(id: integer())
        case 8: .editNote(id: integer())
        case 9: .deleteNote(id: integer())
        case 10, 11:
            .search(
                query: payload(), page: chance(40) ? 1 : integer(),
                sort: [nil, .title, .date].randomElement(using: &random) ?? nil)
        case 12: .home
        case 13: .list
        case 14: .menu
        case 15: .editor
        case 16: .confirm
        case 17: .choice
        case 18: .login
        case 19: .detail(integer())
        default: .content(integer())
        }
    }

    mutating func routes(_ range: ClosedRange<Int>) -> [GoldenRoute] {
        (0..<Int.random(in: range, using: &random)).map { _ in route() }
    }

    mutating func detent() -> SheetDetent {
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1: .medium
        case 2, 3: .large
        case 4: .fraction([0.25, 0.5, 1, Double.leastNonzeroMagnitude, 0.1 + 0.2].randomElement(using: &random) ?? 0.5)
        case 5: .fraction(Double.random(in: 0.001...1, using: &random))
        case 6: .height([120, 1e-300, 1.7976931348623157e308, 0.5].randomElement(using: &random) ?? 1)
        default: .height(Double.random(in: 1...1000, using: &random))
        }
    }

    mutating func style(screenOnly: Bool) -> ModalStyle {
        switch Int.random(in: 0..<(screenOnly ? 4 : 2), using: &random) {
        case 0:
            guard chance(60) else { return .sheet }
            let detents = (0..<Int.random(in: 0...3, using: &random)).map { _ in detent() }
            return .sheet(
                SheetOptions(
                    detents: detents,
                    selectedDetent: chance(40) ? detent() : nil,
                    showsDragIndicator: [nil, true, false].randomElement(using: &random) ?? nil,
                    interactiveDismissDisabled: chance(30)
                ))
        case 1: return .fullScreenCover
        case 2: return .alert
        default: return .confirmationDialog
        }
    }

    /// A random layout: screens, stacks, tab bars and splits of 2 and 3 columns.
    mutating func layout(depth: Int = 0) -> Layout<GoldenRoute> {
        let kind = depth > 1 ? Int.random(in: 0..<2, using: &random) : Int.random(in: 0..<5, using: &random)
        switch kind {
        case 0: return .screen(route())
        case 1: return .stack(routes(1...3))
        case 2:
            var ids = Self.tabIDs.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
            if chance(30) { ids = ["a", "b"] }
            let tabs = ids.map { TabLayout($0, layout(depth: depth + 1)) }
            return .tabs(tabs, selected: chance(50) ? tabs.randomElement(using: &random)?.id : nil)
        default:
            return .split(
                sidebar: layout(depth: depth + 1),
                content: chance(50) ? layout(depth: depth + 1) : nil,
                detail: chance(70) ? layout(depth: depth + 1) : nil
            )
        }
    }

    mutating func presentation(in state: NavigationState<GoldenRoute>) -> Presentation<GoldenRoute> {
        switch Int.random(in: 0..<16, using: &random) {
        case 0, 1, 2: return .push(route())
        case 3: return .back
        case 4: return .popToRoot
        case 5: return .selectTab(Self.tabIDs.randomElement(using: &random) ?? "a")
        case 6: return .presentInTab(tabIDOf(state), route())
        case 7: return .show(route(), in: SplitColumn.allCases.randomElement(using: &random) ?? .detail)
        case 8, 9:
            let style = style(screenOnly: true)
            return .present(style.isOverlay ? .screen(route()) : layout(), style: style)
        case 10: return .dismiss
        case 11: return .dismissAll
        case 12: return .replaceCurrent(route())
        case 13: return chance(30) ? .replaceRoot(layout()) : .selectTab(tabIDOf(state))
        case 14: return .setStack(routes(1...4))
        default: return .popAbove(anchor(in: state))
        }
    }

    mutating func tabIDOf(_ state: NavigationState<GoldenRoute>) -> TabID {
        for node in state.nodes.shuffled(using: &random) {
            if case .tabs(let tabs) = node.content, let id = tabs.ids.randomElement(using: &random) { return id }
        }
        return "notes"
    }

    mutating func anchor(in state: NavigationState<GoldenRoute>) -> ElementID {
        if chance(50) { return state.focusedScreen.id }
        return state.screens.randomElement(using: &random)?.id ?? state.root.id
    }

    /// Walks `steps` random presentations from `start`, keeping the states that have one
    /// presentation chain; returns every state reached.
    mutating func walk(from start: NavigationState<GoldenRoute>, steps: Int) -> [NavigationState<GoldenRoute>] {
        var state = start
        var states = [start]
        for _ in 0..<steps {
            let presentation = presentation(in: state)
            guard let next = try? state.applying(presentation, from: anchor(in: state)), next.hasOnePresentationChain
            else {
                continue
            }
            state = next
            states.append(state)
        }
        return states
    }
}

extension NavigationState {
    /// Whether every modal in the state is on the focus path.
    var hasOnePresentationChain: Bool {
        nodes.count { $0.modal != nil } == presentedModals.count
    }
}
