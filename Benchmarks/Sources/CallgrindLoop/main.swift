import BenchmarkFixtures
import Destinations
import Foundation

// Runs one fixed navigation loop, without timing, for counting instructions under callgrind:
//
//   SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
//       .build/release/CallgrindLoop push-back
//   callgrind_annotate /tmp/cg.out | head -30
//
// Add `--toggle-collect='*measuredIterations*'` to count the measured loop alone, without the setup
// and the warm-up. See Benchmarks/README.md.

let options: LoopOptions
do {
    options = try LoopOptions(CommandLine.arguments.dropFirst())
} catch {
    print(error)
    print(LoopOptions.usage)
    exit(2)
}

do {
    let loop = try LoopMode.prepare(options.mode, depth: options.depth)
    warmUp(options.warmUp, loop)
    try measuredIterations(options.iterations, loop)
    print("\(options.mode.rawValue): \(options.iterations) iterations at depth \(options.depth)")
} catch {
    print("\(options.mode.rawValue) failed: \(error)")
    exit(1)
}
