import Foundation

extension Transcript {
    /// The transcript as a Swift Testing test that replays it step by step through a
    /// ``FlowHarness``, each step with the state it led to as its expectation — the screens'
    /// states included: "copy as test" for a recorded run.
    ///
    /// ```swift
    /// print(harness.transcript.testSource(named: "addsAMeeting", layout: ".stack(.meetings)",
    ///                                    providers: "AppProviders.live()"))
    /// ```
    ///
    /// What the harness cannot write as code — an event's content, a presentation, a clock —
    /// is left as a placeholder (`<#…#>`) that shows the value it stood for. Steps the flow
    /// refused are left out, as comments.
    ///
    /// - Parameters:
    ///   - name: The test function's name.
    ///   - layout: The harness's first layout, as code.
    ///   - providers: The harness's providers, as code.
    public func testSource(
        named name: String = "replaysTranscript", layout: String = "<#layout#>", providers: String = "<#providers#>"
    ) -> String {
        var lines = [
            "@Test @MainActor func \(name)() async throws {",
            "    let harness = try FlowHarness(\(layout), providers: \(providers))",
        ]
        if let start = entries.first, start.step == 0 {
            lines.append("    // start:")
            lines += start.state.split(separator: "\n", omittingEmptySubsequences: false).map {
                "    //   \(Self.comment($0))"
            }
        }
        for entry in entries where entry.step > 0 {
            guard let call = entry.call, !entry.state.hasPrefix("refused: "), !entry.state.hasPrefix("unsettled: ")
            else {
                lines.append(
                    "    // \(entry.step). \(Self.comment(Substring(entry.action))): \(Self.comment(Substring(entry.state)))"
                )
                continue
            }
            lines.append("    try await harness.\(call) {")
            lines.append("        \"\"\"")
            lines += entry.state.split(separator: "\n", omittingEmptySubsequences: false).map {
                "        " + Self.literal($0)
            }
            lines.append("        \"\"\"")
            lines.append("    }")
        }
        lines.append("    try await harness.finish()")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A line of a multi-line string literal that compiles to `line`.
    private static func literal(_ line: Substring) -> String {
        var text = ""
        for character in line {
            switch character {
            case "\\": text += "\\\\"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            default: text.append(character)
            }
        }
        return text.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
    }

    /// Text for a `//` comment: on one line.
    private static func comment(_ text: Substring) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
