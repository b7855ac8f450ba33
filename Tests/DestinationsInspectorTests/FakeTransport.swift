#if DEBUG || InspectorInRelease
import Foundation
@testable import DestinationsInspector

/// A transport that records what the client sends and hands it the inspector's requests, so
/// that tests drive the client without a server.
@MainActor
final class FakeTransport: InspectorTransport {
    private(set) var hellos: [[String: Any]] = []
    private(set) var sent: [[String: Any]] = []
    private var commands: [Data] = []
    private var receiver: CheckedContinuation<[Data], any Error>?
    private var waiters:
        [(id: Int, predicate: @Sendable ([String: Any]) -> Bool, continuation: CheckedContinuation<Data?, Never>)] = []
    private var nextWaiter = 0
    /// How many opens fail before one succeeds.
    var failingOpens: Int
    /// How many sends fail, sending nothing, before one succeeds.
    var failingSends = 0
    /// Why the inspector refuses a hello, or nil when it takes it.
    var refuse: ([String: Any]) -> String? = { _ in nil }
    /// Whether the inspector says to try the refused hello later (it is full).
    var refuseForNow = false
    /// Why the inspector refuses a message of a batch it takes, or nil when it takes it.
    var refuseMessage: ([String: Any]) -> String? = { _ in nil }
    /// Every batch the client tried to send.
    private(set) var batches: [[Data]] = []
    /// Every hello the client tried, refused ones too.
    private(set) var attempts: [[String: Any]] = []
    nonisolated let heartbeat: Duration?

    init(failingOpens: Int = 0, heartbeat: Duration? = nil) {
        self.failingOpens = failingOpens
        self.heartbeat = heartbeat
    }

    struct Unreachable: Error {}

    func open(hello: Data) async throws {
        if failingOpens > 0 {
            failingOpens -= 1
            throw Unreachable()
        }
        let object = try JSONSerialization.jsonObject(with: hello) as? [String: Any] ?? [:]
        attempts.append(object)
        if let reason = refuse(object) { throw InspectorHelloRefusal(reason: reason, retry: refuseForNow) }
        hellos.append(object)
    }

    func send(_ messages: [Data]) async throws {
        batches.append(messages)
        if failingSends > 0 {
            failingSends -= 1
            throw Unreachable()
        }
        var refusals: [String] = []
        for data in messages {
            let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            if let reason = refuseMessage(message) {
                refusals.append(reason)
                continue
            }
            sent.append(message)
            for waiter in waiters where waiter.predicate(message) {
                waiters.removeAll { $0.id == waiter.id }
                waiter.continuation.resume(returning: data)
            }
        }
        // The batch was taken but for these, as the inspector answers with their reasons.
        if !refusals.isEmpty { throw InspectorMessageRefusals(reasons: refusals) }
    }

    func receive() async throws -> [Data] {
        if !commands.isEmpty {
            defer { commands.removeAll() }
            return commands
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                receiver = continuation
            }
        } onCancel: {
            Task { @MainActor in self.cancelReceiver() }
        }
    }

    private func cancelReceiver() {
        receiver?.resume(throwing: CancellationError())
        receiver = nil
    }

    private(set) var closes = 0

    func close() async {
        closes += 1
    }

    /// Hands the client a request from the inspector.
    func push(_ command: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: command)
        if let receiver {
            self.receiver = nil
            receiver.resume(returning: [data])
        } else {
            commands.append(data)
        }
    }

    /// The first message sent, now or later, that matches; nil after `timeout`.
    func message(
        timeout: Duration = .seconds(10),
        where predicate: @escaping @Sendable ([String: Any]) -> Bool
    ) async -> [String: Any]? {
        if let found = sent.first(where: predicate) { return found }
        let id = nextWaiter
        nextWaiter += 1
        let data = await withCheckedContinuation { (continuation: CheckedContinuation<Data?, Never>) in
            waiters.append((id, predicate, continuation))
            Task { @MainActor in
                // Scheduled time, not wall-clock time: each tick needs a turn of the pool and of
                // the main actor, so parallel tests on a busy machine do not eat the wait up.
                var waited = Duration.zero
                while waited < timeout {
                    try? await Task.sleep(for: .milliseconds(50))
                    await Task.detached {}.value
                    waited += .milliseconds(50)
                }
                self.expire(id)
            }
        }
        return data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    private func expire(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: nil)
    }
}

extension Dictionary where Key == String, Value == Any {
    var cause: [String: Any] { self["cause"] as? [String: Any] ?? [:] }
    var causeKind: String? { cause["kind"] as? String }
}
#endif
