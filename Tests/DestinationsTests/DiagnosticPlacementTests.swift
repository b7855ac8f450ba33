import Foundation
import Testing

/// Where the compiler reports a mistake in a provider's configuration: type-checks a small
/// source against the built `Destinations` module (skipped when the module or `swiftc` cannot
/// be found beside the test binary).
@Suite struct DiagnosticPlacementTests {
    /// The directory of the built modules: `Modules` beside the test binary.
    static var modules: URL? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = binary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Destinations.swiftmodule").path)
            {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    static var canTypeCheck: Bool { modules != nil }

    /// The errors `swiftc -typecheck` reports for `source`, as `line: message`.
    func errors(typeChecking source: String) throws -> [String] {
        let modules = try #require(Self.modules)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "diagnostics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Config.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(file.path + ":"), line.contains(": error: ") else { return nil }
            let parts = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 1)
            return parts.first.map { "\($0): " + (line.components(separatedBy: ": error: ").last ?? "") }
        }
    }

    @Test(.enabled(if: canTypeCheck))
    func aDeliverClosureForAnotherDestinationIsReportedAtTheDeliverClosure() throws {
        let source = """
            import Destinations
            enum R: NavigationRoute, Codable { case list, detail }
            @MainActor final class ListScreen: Destination {
                enum Event: Hashable, Sendable { case load }
                let context = DestinationContext<R, Event>()
            }
            @MainActor final class DetailScreen: Destination {
                enum Event: Hashable, Sendable { case load }
                let context = DestinationContext<R, Event>()
            }
            actor Store: Interactor {
                func perform(request: Int) async -> Result<String, Never> { .success("\\(request)") }
            }
            @MainActor func provider(store: Store) -> Provider<R> {
                Provider { (_: R) in ListScreen() } events: { events in
                    events.on(.load, .request(store, 1) { (detail: DetailScreen, result) in _ = result })
                }
            }
            """
        let errors = try errors(typeChecking: source)
        #expect(errors.count == 1, "\(errors)")
        // Line 16 is the `deliver` closure; line 15 the provider's `make`.
        #expect(errors.first?.hasPrefix("16: ") == true, "\(errors)")
        #expect(errors.first?.contains("DetailScreen") == true, "\(errors)")
    }
}
