import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Destinations
@preconcurrency import RoutingKit

// URL → route value and URL → state at 10, 1,000 and 10,000 patterns (URLS.md §9.4), with
// routing-kit and a linear baseline on the same inputs. Names end in `@N` for the table script.

let benchmarks: @Sendable () -> Void = {
    for count in [10, 1_000, 10_000] {
        urlBenchmarks(count: count)
    }
}

/// Registers the URL benchmarks at `count` patterns. Every one checks its answers against
/// the workload's before timing, then measures one lookup per scaled iteration, cycling
/// through the inputs.
func urlBenchmarks(count: Int) {
    let workload = UncheckedBox<URLWorkload>()
    func fixture() throws -> URLWorkload {
        if let made = workload.value { return made }
        let made = try URLWorkload(count: count)
        try check(made)
        workload.value = made
        return made
    }
    Benchmark("URL link → route @\(count)", configuration: .timing(.kilo)) { benchmark in
        let made = try fixture()
        var ids = SequentialElementIDs()
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try made.router.parse(made.links[next & 1_023], ids: &ids))
            next &+= 1
        }
        benchmark.stopMeasurement()
    }
    Benchmark("URL state → state @\(count)", configuration: .timing(.kilo)) { benchmark in
        let made = try fixture()
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var ids = SequentialElementIDs()
            blackHole(try made.router.parse(made.states[next & 1_023], ids: &ids))
            next &+= 1
        }
        benchmark.stopMeasurement()
    }
    Benchmark("URL link → state @\(count)", configuration: .timing(.kilo)) { benchmark in
        let made = try fixture()
        let base = try NavigationState(Layout<URLBenchRoute>.stack(.root))
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var ids = SequentialElementIDs()
            if case .link(let match) = try made.router.parse(made.links[next & 1_023], ids: &ids),
                case .presentation(let presentation) = match.resolved
            {
                blackHole(try base.applying(presentation))
            }
            next &+= 1
        }
        benchmark.stopMeasurement()
    }
    Benchmark("routing-kit pre-split @\(count)", configuration: .timing(.kilo)) { benchmark in
        let made = try fixture()
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var parameters = Parameters()
            blackHole(made.trie.route(path: made.split[next & 1_023], parameters: &parameters))
            blackHole(parameters.get("id", as: Int.self))
            next &+= 1
        }
        benchmark.stopMeasurement()
    }
    Benchmark("routing-kit string @\(count)", configuration: .timing(.kilo)) { benchmark in
        let made = try fixture()
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var parameters = Parameters()
            let path = made.paths[next & 1_023].split(separator: "/").map(String.init)
            blackHole(made.trie.route(path: path, parameters: &parameters))
            blackHole(parameters.get("id", as: Int.self))
            next &+= 1
        }
        benchmark.stopMeasurement()
    }
    let web = UncheckedBox<WebURLWorkload>()
    func webFixture() throws -> WebURLWorkload {
        if let made = web.value { return made }
        let made = try WebURLWorkload(count: count)
        try made.check()
        web.value = made
        return made
    }
    Benchmark("URL web link → route @\(count)", configuration: .timing(.kilo)) { benchmark in
        let made = try webFixture()
        var ids = SequentialElementIDs()
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try made.router.parse(made.links[next & 1_023], ids: &ids))
            next &+= 1
        }
        benchmark.stopMeasurement()
    }
    Benchmark("routing-kit web pre-split @\(count)", configuration: .timing(.kilo)) { benchmark in
        let made = try webFixture()
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var parameters = Parameters()
            blackHole(made.trie.route(path: made.split[next & 1_023], parameters: &parameters))
            blackHole(parameters.get("server"))
            blackHole(parameters.get("user").map { $0.dropFirst() })
            blackHole(parameters.get("id", as: Int.self))
            next &+= 1
        }
        benchmark.stopMeasurement()
    }
    Benchmark(
        "Linear baseline @\(count)", configuration: .timing(count >= 10_000 ? .one : .kilo, maxDuration: .seconds(1))
    ) { benchmark in
        let made = try fixture()
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(made.linear.match(made.paths[next & 1_023]))
            next &+= 1
        }
        benchmark.stopMeasurement()
    }
}

/// Every router must return the same pattern index for every input.
func check(_ workload: URLWorkload) throws {
    for (position, expected) in workload.expected.enumerated() {
        var ids = SequentialElementIDs()
        guard case .link(let match) = try workload.router.parse(workload.links[position], ids: &ids),
            case .presentation(.push(.item(let index, _, _))) = match.resolved, index == expected
        else { throw URLBenchmarkError.mismatch("ours", workload.links[position]) }
        guard case .state(_, let state) = try workload.router.parse(workload.states[position], ids: &ids),
            case .item(let stateIndex, _, _)? = state.focusedScreen.route, stateIndex == expected
        else { throw URLBenchmarkError.mismatch("state", workload.states[position]) }
        var parameters = Parameters()
        guard workload.trie.route(path: workload.split[position], parameters: &parameters) == expected else {
            throw URLBenchmarkError.mismatch("routing-kit", workload.paths[position])
        }
        guard workload.linear.match(workload.paths[position])?.0 == expected else {
            throw URLBenchmarkError.mismatch("linear", workload.paths[position])
        }
    }
}

enum URLBenchmarkError: Error {
    case mismatch(String, String)
}

/// The workload, made once per pattern count on first use.
final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value?
}
