import Foundation

/// The sample between `// SAMPLE-BEGIN` and `// SAMPLE-END` of a test file, and whether the core's
/// DocC article `article` shows it verbatim: what keeps each "Coming from" article's code compiled.
func sample(of testFile: String, isIn article: String) throws -> Bool {
    let here = URL(fileURLWithPath: testFile)
    let source = try String(contentsOf: here, encoding: .utf8)
    let catalog = here.deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/Destinations/Destinations.docc").standardized
    let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
    guard let begin = source.range(of: "// SAMPLE-BEGIN\n"), let end = source.range(of: "// SAMPLE-END") else {
        return false
    }
    return text.contains(String(source[begin.upperBound..<end.lowerBound]))
}
