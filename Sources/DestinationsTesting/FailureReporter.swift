#if canImport(Testing)
import Testing
#endif

/// Where a harness call was written, so that a failure points at the step that caused it.
public struct HarnessSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's module-qualified id (`#fileID`).
    public var fileID: String
    /// The file's path (`#filePath`).
    public var filePath: String
    /// The line.
    public var line: Int
    /// The column.
    public var column: Int

    /// Creates a location; the defaults capture the caller's.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The location as `Module/File.swift:12:5`.
    public var description: String { "\(fileID):\(line):\(column)" }
}

/// How a harness reports a failed expectation: a state that is not the expected one, a change
/// the test did not assert, a transcript that differs from its golden file, a random walk that
/// broke an invariant.
///
/// The default, ``issues``, records a Swift Testing issue at the step's source location, and
/// the test goes on, as after a failed `#expect`. Steps that cannot run at all throw a
/// ``HarnessError`` instead, as a failed `#require` would. Every reported failure is also kept
/// in ``FlowHarness/failures``.
public struct FailureReporter: Sendable {
    private let sink: @MainActor @Sendable (String, HarnessSourceLocation) -> Void

    /// Creates a reporter that hands each failure's message and location to `sink`; use it to
    /// report to XCTest (`XCTFail(message, file: …, line: …)`) or to a log.
    public init(_ sink: @escaping @MainActor @Sendable (_ message: String, _ location: HarnessSourceLocation) -> Void) {
        self.sink = sink
    }

    /// Reports a failure.
    @MainActor
    public func report(_ message: String, at location: HarnessSourceLocation) {
        sink(message, location)
    }

    /// Records each failure as a Swift Testing issue at the step's source location. Where Swift
    /// Testing is not available, failures are only kept in ``FlowHarness/failures``.
    public static var issues: FailureReporter {
        FailureReporter { message, location in
            #if canImport(Testing)
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: location.fileID,
                    filePath: location.filePath,
                    line: location.line,
                    column: location.column
                )
            )
            #endif
        }
    }

    /// Reports nothing: failures are only kept in ``FlowHarness/failures``.
    public static var silent: FailureReporter { FailureReporter { _, _ in } }
}
